#pragma once
// The dark-region flood for one block. The CPU takes pixels one at a time in increasing grey
// order; here every pixel's join level is computed at once instead: the level at which the
// flood takes it is the lowest, over the paths from the seed through pixels off the image's
// edge, of the brightest grey on the path (never below the seed's own). Counting the pixels of
// each join level gives the region at every level, which the CPU's level walk then reads.
//
// The join levels are relaxed within a window around the seed, widened until it is known to
// hold the region at every level the walk reads: a path leaving the window passes one of its
// border pixels, so the levels below the lowest join level on the window's border are exact
// and that level is known from below (flood_level_walk.hpp). A walk that needs more is tried
// again in a window twice as wide, up to the whole image.
//
// The sweeps wait on every pixel they read, one after another along a line: a window that fits
// in the launch's dynamic shared memory is relaxed there, on a copy of its greys, and only
// handed to the global scratch when a wider window follows.
#include <climits>
#include <cstdint>

#include "pt/image.hpp"
#include "pt/pupil/dark_region_levels.hpp"
#include "dark_region_flood.hpp"
#include "flood_level_walk.hpp"
#include "search_block.cuh"
#include "warp_reduce.cuh"

namespace pt::gpu::search {
namespace flood_detail {

constexpr int kLevels = 256;
constexpr int kUnknown = kLevels;        // a join level above every grey
constexpr int kFirstReach = 40;          // the first window's half side: a pupil of 35 px and its border
constexpr int kRunPixels = 16;           // pixels a thread counts at a time: one vector load
constexpr int kBatch = 8;                // pixels of a line read at once by a sweep
constexpr std::uint8_t kFar = 255;       // not reached yet: an upper bound of every join level

// Half-open, inside the image.
struct Window {
  int x0;
  int y0;
  int x1;
  int y1;
};

__device__ inline Window window_around(int sx, int sy, int reach, int width, int height) {
  return {max(sx - reach, 0), max(sy - reach, 0), min(sx + reach + 1, width), min(sy + reach + 1, height)};
}

// The window's pixels off the image's edge, the only ones a flood takes.
__device__ inline Window inner(const Window& w, int width, int height) {
  return {max(w.x0, 1), max(w.y0, 1), min(w.x1, width - 1), min(w.y1, height - 1)};
}

__device__ inline bool holds(const Window& w, int x, int y) { return x >= w.x0 && x < w.x1 && y >= w.y0 && y < w.y1; }

// Where a window's join levels and greys are read and written, by image coordinates: the global
// scratch and the image, or copies in shared memory.
struct Planes {
  std::uint8_t* join;
  const std::uint8_t* grey;
  int join_pitch;
  std::ptrdiff_t grey_pitch;
  int ox;  // the image coordinates of the planes' first pixel
  int oy;
  bool grey_copied;  // the greys are a copy in shared memory, to be filled
  __device__ std::uint8_t* join_at(int x, int y) const {
    return join + static_cast<std::ptrdiff_t>(y - oy) * join_pitch + (x - ox);
  }
  __device__ const std::uint8_t* grey_at(int x, int y) const {
    return grey + static_cast<std::ptrdiff_t>(y - oy) * grey_pitch + (x - ox);
  }
};

__device__ inline Planes global_planes(CViewU8 image, const FloodScratch& s) {
  return {s.join, image.data, s.pitch, image.stride, 0, 0, false};
}

// The window's planes in the dynamic shared memory, or planes with no join where they do not fit.
// Rows start on a 16-pixel boundary of the image and hold whole 16-pixel runs, as in the global
// scratch, and an odd number of words, so that a warp's threads on successive rows read
// different banks.
struct SharedLayout {
  int ox;
  int pitch;
  long long plane_bytes;
};

__device__ inline SharedLayout shared_layout(const Window& w) {
  const int ox = w.x0 / kRunPixels * kRunPixels;
  const int pitch = (w.x1 - ox + kRunPixels - 1) / kRunPixels * kRunPixels + 4;
  return {ox, pitch, static_cast<long long>(pitch) * (w.y1 - w.y0)};
}

// The join levels of a window that fits there are kept in shared memory, and its greys too where
// both fit; greys that do not are read from the image.
__device__ inline Planes shared_planes(CViewU8 image, const Window& w, const FloodScratch& s, std::uint8_t* buffer) {
  const SharedLayout l = shared_layout(w);
  if (l.plane_bytes > s.shared_bytes) return {};
  if (2 * l.plane_bytes > s.shared_bytes) return {buffer, image.row(w.y0) + l.ox, l.pitch, image.stride, l.ox, w.y0, false};
  return {buffer, buffer + l.plane_bytes, l.pitch, l.pitch, l.ox, w.y0, true};
}

// The next window's half side: twice this one's, but first the widest that shared memory holds
// where twice would leave it.
__device__ inline int next_reach(int reach, int sx, int sy, int width, int height, const FloodScratch& s) {
  const auto fits = [&](int r) {
    return shared_layout(window_around(sx, sy, r, width, height)).plane_bytes <= s.shared_bytes;
  };
  if (fits(2 * reach) || !fits(reach)) return 2 * reach;
  int lo = reach;  // fits
  int hi = 2 * reach;  // does not
  while (hi - lo > 1) {
    const int mid = (lo + hi) / 2;
    (fits(mid) ? lo : hi) = mid;
  }
  return lo > reach ? lo : 2 * reach;
}

// Calls f(x, y) for every pixel of `w`, a warp to a row, so that neighbouring threads take
// neighbouring pixels and no thread divides.
template <class F>
__device__ inline void for_each_pixel(const Window& w, F&& f) {
  const int lane = static_cast<int>(threadIdx.x % 32U);
  for (int y = w.y0 + static_cast<int>(threadIdx.x / 32U); y < w.y1; y += kSearchThreads / 32) {
    for (int x = w.x0 + lane; x < w.x1; x += 32) f(x, y);
  }
}

// Fills the shared planes of window `w`: the greys where copied, and the join levels of `before`
// (in the scratch), the other pixels not reached.
__device__ inline void stage_in(CViewU8 image, const FloodScratch& s, const Planes& p, const Window& w,
                                const Window& before) {
  auto* grey = const_cast<std::uint8_t*>(p.grey);  // the shared copy, written only here
  for_each_pixel(w, [&](int x, int y) {
    if (p.grey_copied) grey[(y - p.oy) * p.grey_pitch + (x - p.ox)] = image.row(y)[x];
    *p.join_at(x, y) = holds(before, x, y) ? s.join[y * s.pitch + x] : kFar;
  });
}

// Hands the shared join levels of window `w` to the scratch, for a wider window to start from.
__device__ inline void stage_out(const FloodScratch& s, const Planes& p, const Window& w) {
  for_each_pixel(w, [&](int x, int y) { s.join[y * s.pitch + x] = *p.join_at(x, y); });
}

// Marks the pixels of `now` that lie outside `before` as not reached.
__device__ inline void clear_new_pixels(const FloodScratch& s, const Window& now, const Window& before) {
  for_each_pixel(now, [&](int x, int y) {
    if (!holds(before, x, y)) s.join[y * s.pitch + x] = kFar;
  });
}

// Positions along a line; lo > hi where none.
struct Span {
  int lo;
  int hi;
};

constexpr Span kNoSpan{INT_MAX, -1};

// One pass along a line of pixels from `start`, `way` +1 or -1: a pixel joins no later than its
// neighbour on the line, or its own grey if brighter. The line was settled but for the pixels of
// `dirty`, which have fallen since: past them, the first pixel that does not fall ends the pass,
// since the ones beyond it were settled against it. Widens `fell` by the pixels that fall. The
// pixels are read a batch ahead of the stores, so that the reads of a batch wait on memory
// together rather than one after another behind each store. `lowest`: the lowest level a pixel
// fell to, lowered.
__device__ inline void relax_pass(const std::uint8_t* __restrict__ grey, std::ptrdiff_t grey_step,
                                  std::uint8_t* __restrict__ join, std::ptrdiff_t join_step, int n, int way,
                                  Span dirty, Span& fell, int& lowest) {
  int carry = kFar;
  for (int i = way > 0 ? dirty.lo : dirty.hi; i >= 0 && i < n; i += kBatch * way) {
    const int m = way > 0 ? n - i : i + 1;  // pixels left this way
    int g[kBatch];
    int j[kBatch];
#pragma unroll
    for (int k = 0; k < kBatch; ++k) {
      if (k < m) {
        g[k] = grey[(i + k * way) * grey_step];
        j[k] = join[(i + k * way) * join_step];
      }
    }
    bool settled = false;
#pragma unroll
    for (int k = 0; k < kBatch; ++k) {
      if (k < m && !settled) {
        const int at = i + k * way;
        const int now = min(j[k], max(g[k], carry));
        if (now != j[k]) {
          join[at * join_step] = static_cast<std::uint8_t>(now);
          fell = {min(fell.lo, at), max(fell.hi, at)};
          lowest = min(lowest, now);
        } else {
          settled = way > 0 ? at > dirty.hi : at < dirty.lo;
        }
        carry = now;
      }
    }
    if (settled) return;
  }
}

// Both passes: the line is settled after them. Returns the pixels that fell.
__device__ inline Span relax_line(const std::uint8_t* grey, std::ptrdiff_t grey_step, std::uint8_t* join,
                                  std::ptrdiff_t join_step, int n, Span dirty, int& lowest) {
  Span fell = kNoSpan;
  relax_pass(grey, grey_step, join, join_step, n, 1, dirty, fell, lowest);
  relax_pass(grey, grey_step, join, join_step, n, -1, dirty, fell, lowest);
  return fell;
}

constexpr int kLineGroup = 32;    // lines whose fallen pixels are noted together: a warp's
constexpr int kTrackedGroups = 64;  // lines of 2048 pixels at most have their dirty pixels tracked

// One sweep of the rows (even `sweep`) or the columns of the window: each sweep carries every
// path a turn further. Returns the lowest level a pixel fell to, kUnknown where none fell; the
// same in every thread.
//
// A sweep leaves each of its lines settled. After the first sweep of each kind, a line need only
// be swept from the pixels that fell since it was settled, which the crossing lines of the sweep
// before note, a warp's lines together (the positions at which any of them fell): the later
// sweeps, which carry paths round a few turns, then touch a few stretches of lines instead of
// the whole window.
__device__ inline int block_sweep(const Planes& p, const Window& in, int sweep) {
  __shared__ int fell_lo[2][kTrackedGroups];  // by the sweep's parity, then by group of lines
  __shared__ int fell_hi[2][kTrackedGroups];
  __shared__ int lowest_fall[3];  // by sweep, in turn: one is set, one read, one reset
  const int nx = in.x1 - in.x0;
  const int ny = in.y1 - in.y0;
  const bool tracked = nx <= kTrackedGroups * kLineGroup && ny <= kTrackedGroups * kLineGroup;
  const int lane = static_cast<int>(threadIdx.x % 32U);
  if (sweep == 0) {
    if (threadIdx.x == 0) lowest_fall[0] = kUnknown;
    __syncthreads();
  }
  if (threadIdx.x == 0) lowest_fall[(sweep + 1) % 3] = kUnknown;
  const bool rows = sweep % 2 == 0;
  const int lines = rows ? ny : nx;
  const int length = rows ? nx : ny;  // and the crossing lines
  const int* before_lo = fell_lo[(sweep + 1) % 2];
  const int* before_hi = fell_hi[(sweep + 1) % 2];
  const int groups_before = (length + kLineGroup - 1) / kLineGroup;
  // Whole warps go round the loop together, as the notes of a warp's lines need.
  for (int first = static_cast<int>(threadIdx.x) - lane; first < lines; first += kSearchThreads) {
    const int line = first + lane;
    Span fell = kNoSpan;
    int lowest = kUnknown;
    if (line < lines) {
      Span dirty{0, length - 1};
      if (tracked && sweep >= 2) {
        dirty = kNoSpan;
        for (int group = 0; group < groups_before; ++group) {
          if (before_lo[group] <= line && line <= before_hi[group]) {
            dirty = {min(dirty.lo, group * kLineGroup), max(dirty.hi, min(group * kLineGroup + kLineGroup, length) - 1)};
          }
        }
      }
      if (dirty.lo <= dirty.hi) {
        fell = rows ? relax_line(p.grey_at(in.x0, in.y0 + line), 1, p.join_at(in.x0, in.y0 + line), 1, nx, dirty, lowest)
                    : relax_line(p.grey_at(in.x0 + line, in.y0), p.grey_pitch, p.join_at(in.x0 + line, in.y0),
                                 p.join_pitch, ny, dirty, lowest);
      }
    }
    const int warp_lowest = warp_min(0xFFFFFFFFU, lowest);
    if (lane == 0 && warp_lowest < kUnknown) atomicMin(&lowest_fall[sweep % 3], warp_lowest);
    if (tracked) {
      const int lo = warp_min(0xFFFFFFFFU, fell.lo);
      const int hi = warp_max(0xFFFFFFFFU, fell.hi);
      if (lane == 0) {
        fell_lo[sweep % 2][first / kLineGroup] = lo;
        fell_hi[sweep % 2][first / kLineGroup] = hi;
      }
    }
  }
  __syncthreads();
  return lowest_fall[sweep % 3];
}

// What the window says about its limits, as shared-memory minima.
struct Limits {
  int border;  // lowest join level of a pixel next to one outside the window: levels below are exact
  int touch;   // lowest level at which the region reaches a pixel of the image's edge
};

__device__ inline void find_limits(CViewU8 image, const Planes& p, const Window& w, const Window& in,
                                   Limits& limits) {
  const int nx = in.x1 - in.x0;
  const int ny = in.y1 - in.y0;
  // The inner window's outline: rows in.y0 and in.y1 - 1, then its columns in between.
  const int count = 2 * nx + 2 * ny;
  for (int i = static_cast<int>(threadIdx.x); i < count; i += kSearchThreads) {
    int x;
    int y;
    if (i < 2 * nx) {
      x = in.x0 + i % nx;
      y = i < nx ? in.y0 : in.y1 - 1;
    } else {
      const int k = i - 2 * nx;
      x = k < ny ? in.x0 : in.x1 - 1;
      y = in.y0 + k % ny;
    }
    const int level = *p.join_at(x, y);
    const int dx[4] = {-1, 1, 0, 0};
    const int dy[4] = {0, 0, -1, 1};
#pragma unroll
    for (int d = 0; d < 4; ++d) {
      const int mx = x + dx[d];
      const int my = y + dy[d];
      if (mx < w.x0 || mx >= w.x1 || my < w.y0 || my >= w.y1) {
        if (mx >= 0 && mx < image.width && my >= 0 && my < image.height) atomicMin(&limits.border, level);
      } else if (mx == 0 || mx == image.width - 1 || my == 0 || my == image.height - 1) {
        atomicMin(&limits.touch, max(level, static_cast<int>(image.row(my)[mx])));
      }
    }
  }
}

__device__ inline void clear_levels(DarkRegionSnapshot* levels, int first_level) {
  for (int l = first_level + static_cast<int>(threadIdx.x); l < kLevels; l += kSearchThreads) {
    levels[l] = {0, 0, 0, INT_MAX, INT_MAX, INT_MIN, INT_MIN};
  }
}

// Adds the runs the warp's lanes hold (one at most each; `has`: this lane holds one) to their
// levels' counts: the lanes of one level first sum among themselves, so that a level that most
// runs share (a pupil's floor) takes one atomic per warp rather than one per lane. A run spans
// 16 pixels at most, so the warp's 32-bit sums cannot overflow; the sums are whole numbers and
// exact in any order. Called by all the warp's lanes.
__device__ inline void add_runs_in_warp(DarkRegionSnapshot* levels, bool has, int level, int y, int x0, int x1) {
  const unsigned active = __ballot_sync(0xFFFFFFFFU, has);
  if (!has) return;
  const unsigned same = __match_any_sync(active, level);
  const auto n = static_cast<unsigned>(x1 - x0 + 1);
  const unsigned area = warp_sum(same, n);
  const unsigned sum_x = warp_sum(same, static_cast<unsigned>(x0 + x1) * n / 2U);
  const unsigned sum_y = warp_sum(same, static_cast<unsigned>(y) * n);
  const int least_x = warp_min(same, x0);
  const int most_x = warp_max(same, x1);
  const int least_y = warp_min(same, y);
  const int most_y = warp_max(same, y);
  if (static_cast<int>(threadIdx.x % 32U) != __ffs(static_cast<int>(same)) - 1) return;
  DarkRegionSnapshot& l = levels[level];
  atomicAdd(&l.area, static_cast<int>(area));
  atomicAdd(reinterpret_cast<unsigned long long*>(&l.sum_x), static_cast<unsigned long long>(sum_x));
  atomicAdd(reinterpret_cast<unsigned long long*>(&l.sum_y), static_cast<unsigned long long>(sum_y));
  atomicMin(&l.x0, least_x);
  atomicMax(&l.x1, most_x);
  atomicMin(&l.y0, least_y);
  atomicMax(&l.y1, most_y);
}

// Each level's pixels, for the levels up to `last`: runs of one level along a row are counted at
// once, as the join levels change slowly from pixel to pixel. A lane takes 16 pixels of a row
// and hands the warp one of its runs at a time.
__device__ inline void count_levels(const Planes& p, const Window& in, int last, DarkRegionSnapshot* levels) {
  const int first_run = in.x0 / kRunPixels;
  const int runs_per_row = (in.x1 - 1) / kRunPixels - first_run + 1;
  const int count = runs_per_row * (in.y1 - in.y0);
  const int lane = static_cast<int>(threadIdx.x % 32U);
  // Whole warps go round the loop together, as the warp's sums need.
  for (int first = static_cast<int>(threadIdx.x) - lane; first < count; first += kSearchThreads) {
    const int i = first + lane;
    int y = 0;
    int base = 0;
    int k = 0;   // the next pixel of the lane's 16
    int to = 0;  // past its last
    // The 16 join levels, eight to a register, so that a pixel is picked without local memory.
    unsigned long long low = 0;
    unsigned long long high = 0;
    if (i < count) {
      y = in.y0 + i / runs_per_row;
      base = (first_run + i % runs_per_row) * kRunPixels;
      // Words: a shared plane's rows are 4-byte aligned only.
      const auto* run = reinterpret_cast<const std::uint32_t*>(p.join_at(base, y));
      low = run[0] | static_cast<unsigned long long>(run[1]) << 32;
      high = run[2] | static_cast<unsigned long long>(run[3]) << 32;
      k = max(base, in.x0) - base;
      to = min(base + kRunPixels, in.x1) - base;
    }
    const auto join = [&](int at) { return static_cast<int>(((at < 8 ? low : high) >> (8 * (at % 8))) & 0xFFU); };
    while (__any_sync(0xFFFFFFFFU, k < to)) {
      const bool has = k < to;
      int level = 0;
      int start = k;
      if (has) {
        level = join(k);
        while (++k < to && join(k) == level) {
        }
      }
      add_runs_in_warp(levels, has && level <= last, level, y, base + start, base + k - 1);
    }
  }
}

}  // namespace flood_detail

// DarkRegionGrower::grow(image, seed, min_radius, max_radius), field for field. The image and
// the scratch are in device memory; the scratch holds at least the image's size.
__device__ inline DeviceDarkRegions block_grow_dark_region(CViewU8 image, Point2f seed, float min_radius,
                                                           float max_radius, const FloodScratch& scratch) {
  using namespace flood_detail;
  __shared__ DarkRegionSnapshot levels[kLevels];
  __shared__ Limits limits;
  __shared__ int walk_done;
  extern __shared__ __align__(16) std::uint8_t flood_shared[];  // FloodScratch::shared_bytes of it
  // DarkRegionFinds has member initialisers, which shared variables may not have.
  __shared__ alignas(DarkRegionFinds) unsigned char finds_bytes[sizeof(DarkRegionFinds)];
  auto& finds = *reinterpret_cast<DarkRegionFinds*>(finds_bytes);

  if (image.empty() || image.width >= kFloodLargestSide || image.height >= kFloodLargestSide) return {};
  if (image.width > scratch.pitch || image.height > scratch.rows) __trap();  // the caller sized it too small
  const int w = image.width;
  const int h = image.height;
  const SeedPixel seed_px = flood_seed_pixel(w, h, seed);
  const int sx = seed_px.x;
  const int sy = seed_px.y;
  const int first_level = image.row(sy)[sx];
  // A seed on the image's edge is reached but never taken: the region stays empty.
  const bool on_edge = sx == 0 || sx == w - 1 || sy == 0 || sy == h - 1;

  Window window = on_edge ? Window{0, 0, w, h} : window_around(sx, sy, kFirstReach, w, h);
  Window before{sx, sy, sx, sy};  // empty: every pixel of the first window is new
  for (int reach = kFirstReach;;) {
    const Window in = inner(window, w, h);
    const Planes shared = shared_planes(image, window, scratch, flood_shared);
    const bool in_shared = !on_edge && shared.join != nullptr;
    const Planes planes = in_shared ? shared : global_planes(image, scratch);
    if (!on_edge) {
      if (in_shared) {
        stage_in(image, scratch, planes, window, before);
      } else {
        clear_new_pixels(scratch, window, before);
      }
      __syncthreads();
      if (threadIdx.x == 0 && before.x0 == before.x1) *planes.join_at(sx, sy) = static_cast<std::uint8_t>(first_level);
      __syncthreads();
    }
    // The sweeps go on until the join levels are final, but the walk is tried now and then before:
    // the levels below the lowest that any pixel fell to in a sweep are final already (the lines
    // of the sweep before were left settled, and as far as those levels go this sweep disturbed
    // none of them), and the levels a walk reads are often far below the ones still falling in a
    // wide, noisy background. A pixel not yet final there is taken at its level or later, so that
    // the region at that level is known from below, as at the window's border.
    bool found = false;
    for (int sweep = 0;; ++sweep) {
      bool final = true;
      int exact_below = kUnknown;
      if (!on_edge) {
        const int fall = block_sweep(planes, in, sweep);
        final = sweep > 0 && fall == kUnknown;
        exact_below = fall;
        const bool try_now = sweep > 0 && ((sweep + 1) & sweep) == 0;  // sweeps 1, 3, 7, 15, ...
        if (!final && !try_now) continue;
      }
      if (threadIdx.x == 0) limits = {kUnknown, on_edge ? first_level : kUnknown};
      clear_levels(levels, first_level);
      __syncthreads();
      if (!on_edge) {
        find_limits(image, planes, window, in, limits);
        __syncthreads();
        exact_below = min(exact_below, limits.border);
        count_levels(planes, in, exact_below, levels);
        __syncthreads();
      }
      if (threadIdx.x == 0) {
        walk_done = walk_window_levels({levels, exact_below, limits.touch}, sx, sy, first_level, min_radius, max_radius,
                                       finds);
      }
      __syncthreads();
      found = walk_done != 0;
      if (found || final) break;
    }
    if (found) break;
    if (in_shared) stage_out(scratch, planes, window);
    before = window;
    reach = next_reach(reach, sx, sy, w, h, scratch);
    window = window_around(sx, sy, reach, w, h);
    __syncthreads();  // every thread has read walk_done, and the scratch holds the window, before the next try's writes
  }
  const DarkRegionFinds result = finds;
  __syncthreads();  // the shared state is free for the next call
  return result;
}

}  // namespace pt::gpu::search
