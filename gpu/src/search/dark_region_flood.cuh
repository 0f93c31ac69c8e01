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
#include <climits>
#include <cstdint>

#include "pt/image.hpp"
#include "pt/pupil/dark_region_levels.hpp"
#include "dark_region_flood.hpp"
#include "flood_level_walk.hpp"
#include "search_block.cuh"

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

// Marks the pixels of `now` that lie outside `before` as not reached.
__device__ inline void clear_new_pixels(const FloodScratch& s, const Window& now, const Window& before) {
  const int ww = now.x1 - now.x0;
  const int count = ww * (now.y1 - now.y0);
  for (int i = static_cast<int>(threadIdx.x); i < count; i += kSearchThreads) {
    const int x = now.x0 + i % ww;
    const int y = now.y0 + i / ww;
    if (x < before.x0 || x >= before.x1 || y < before.y0 || y >= before.y1) s.join[y * s.pitch + x] = kFar;
  }
}

// One pass each way along a line of pixels: a pixel joins no later than its neighbour on the
// line, or its own grey if brighter. Returns whether any join level fell. The pixels are read a
// batch ahead of the stores, so that the reads of a batch wait on memory together rather than
// one after another behind each store.
__device__ inline bool relax_line(const std::uint8_t* __restrict__ grey, std::ptrdiff_t grey_step,
                                  std::uint8_t* __restrict__ join, std::ptrdiff_t join_step, int n) {
  bool changed = false;
  for (const int way : {1, -1}) {
    int carry = kFar;
    for (int done = 0, i = way > 0 ? 0 : n - 1; done < n; done += kBatch, i += kBatch * way) {
      int g[kBatch];
      int j[kBatch];
#pragma unroll
      for (int k = 0; k < kBatch; ++k) {
        if (done + k < n) {
          g[k] = grey[(i + k * way) * grey_step];
          j[k] = join[(i + k * way) * join_step];
        }
      }
#pragma unroll
      for (int k = 0; k < kBatch; ++k) {
        if (done + k < n) {
          const int now = min(j[k], max(g[k], carry));
          if (now != j[k]) {
            join[(i + k * way) * join_step] = static_cast<std::uint8_t>(now);
            changed = true;
          }
          carry = now;
        }
      }
    }
  }
  return changed;
}

// Sweeps rows and columns in turn until a sweep lowers no join level: each sweep carries every
// path a turn further, and the regions a flood takes need few turns. A sweep leaves each of its
// lines settled, so one that changes nothing after another has run finds every line of both
// kinds settled: the join levels are final.
__device__ inline void block_relax(CViewU8 image, const FloodScratch& s, const Window& in) {
  const int nx = in.x1 - in.x0;
  const int ny = in.y1 - in.y0;
  for (int sweep = 0;; ++sweep) {
    bool changed = false;
    if (sweep % 2 == 0) {
      for (int r = static_cast<int>(threadIdx.x); r < ny; r += kSearchThreads) {
        const int y = in.y0 + r;
        changed |= relax_line(image.row(y) + in.x0, 1, s.join + y * s.pitch + in.x0, 1, nx);
      }
    } else {
      for (int c = static_cast<int>(threadIdx.x); c < nx; c += kSearchThreads) {
        const int x = in.x0 + c;
        changed |= relax_line(image.row(in.y0) + x, image.stride, s.join + in.y0 * s.pitch + x, s.pitch, ny);
      }
    }
    if (__syncthreads_or(changed) == 0 && sweep > 0) return;
  }
}

// What the window says about its limits, as shared-memory minima.
struct Limits {
  int border;  // lowest join level of a pixel next to one outside the window: levels below are exact
  int touch;   // lowest level at which the region reaches a pixel of the image's edge
};

__device__ inline void find_limits(CViewU8 image, const FloodScratch& s, const Window& w, const Window& in,
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
    const int level = s.join[y * s.pitch + x];
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

// Adds a run of pixels of one join level on one row to that level's count.
__device__ inline void add_run(DarkRegionSnapshot& level, int y, int x0, int x1) {
  const int n = x1 - x0 + 1;
  atomicAdd(&level.area, n);
  atomicAdd(reinterpret_cast<unsigned long long*>(&level.sum_x),
            static_cast<unsigned long long>((static_cast<long long>(x0) + x1) * n / 2));
  atomicAdd(reinterpret_cast<unsigned long long*>(&level.sum_y), static_cast<unsigned long long>(y) * n);
  atomicMin(&level.x0, x0);
  atomicMax(&level.x1, x1);
  atomicMin(&level.y0, y);
  atomicMax(&level.y1, y);
}

// Each level's pixels, for the levels up to `last`: runs of one level along a row are counted at
// once, as the join levels change slowly from pixel to pixel.
__device__ inline void count_levels(const FloodScratch& s, const Window& in, int last, DarkRegionSnapshot* levels) {
  const int first_run = in.x0 / kRunPixels;
  const int runs_per_row = (in.x1 - 1) / kRunPixels - first_run + 1;
  const int count = runs_per_row * (in.y1 - in.y0);
  for (int i = static_cast<int>(threadIdx.x); i < count; i += kSearchThreads) {
    const int y = in.y0 + i / runs_per_row;
    const int base = (first_run + i % runs_per_row) * kRunPixels;
    alignas(16) std::uint8_t join[kRunPixels];
    *reinterpret_cast<uint4*>(join) = *reinterpret_cast<const uint4*>(s.join + y * s.pitch + base);
    const int from = max(base, in.x0) - base;
    const int to = min(base + kRunPixels, in.x1) - base;
    int run_level = join[from];
    int run_start = from;
    for (int k = from + 1; k < to; ++k) {
      const int level = join[k];
      if (level == run_level) continue;
      if (run_level <= last) add_run(levels[run_level], y, base + run_start, base + k - 1);
      run_level = level;
      run_start = k;
    }
    if (run_level <= last) add_run(levels[run_level], y, base + run_start, base + to - 1);
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
  for (int reach = kFirstReach;; reach *= 2) {
    const Window in = inner(window, w, h);
    if (threadIdx.x == 0) limits = {kUnknown, on_edge ? first_level : kUnknown};
    clear_levels(levels, first_level);
    if (!on_edge) {
      clear_new_pixels(scratch, window, before);
      __syncthreads();
      if (threadIdx.x == 0 && before.x0 == before.x1) scratch.join[sy * scratch.pitch + sx] = first_level;
      __syncthreads();
      block_relax(image, scratch, in);
      find_limits(image, scratch, window, in, limits);
      __syncthreads();
      count_levels(scratch, in, limits.border, levels);
    }
    __syncthreads();
    if (threadIdx.x == 0) {
      walk_done = walk_window_levels({levels, limits.border, limits.touch}, sx, sy, first_level, min_radius, max_radius,
                                     finds);
    }
    __syncthreads();
    if (walk_done != 0) break;
    before = window;
    window = window_around(sx, sy, reach * 2, w, h);
    __syncthreads();  // every thread has read walk_done before the next try's writes
  }
  const DarkRegionFinds result = finds;
  __syncthreads();  // the shared state is free for the next call
  return result;
}

}  // namespace pt::gpu::search
