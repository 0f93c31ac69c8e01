#pragma once
// The dark-region flood read off join levels, for one block. A pixel's join level is the grey
// level at which the CPU's flood takes it: over the paths from the seed through pixels off the
// image's edge, the least of each path's brightest grey. The block lowers the join levels of a
// window of shared memory around the seed by sweeping its rows and columns (each sweep a chain
// of min and max along its line, all lines at once), counts each level's pixels as the levels
// settle, and one thread walks their areas as the CPU's flood does; the centroid and box of a
// region it finds are summed at the end. The flood level by level meets once per grey level,
// each meeting after a chain of dependent memory round trips; here the block meets once per
// sweep.
//
// The window's levels are the CPU's below its limit: the least join level on the window's sides
// that lie inside the image, below which no path has left the window. A walk that comes to the
// limit is decided there only where the window alone shows the spill (its pixels up to the limit
// are already too many, and there can only be more); otherwise the caller floods level by level.
#include <climits>
#include <cstdint>

#include "pt/image.hpp"
#include "pt/pupil/dark_region_levels.hpp"
#include "flood_layout.hpp"
#include "block_threads.cuh"
#include "search_block.cuh"
#include "warp_reduce.cuh"

namespace pt::gpu::search {
namespace join_detail {

constexpr int kLevels = 256;
// A thread a row as the rows are swept, a thread a column as the columns are.
static_assert(kLongestWindowSide <= kSearchThreads);
// A narrower window holds only the smallest pupils up to their spill: the flood level by level
// takes the rest.
constexpr int kShortestSide = 64;
// Sweeps before the window gives up: a region whose paths turn this often is left to the flood.
constexpr int kMostSweeps = 48;
constexpr std::uint32_t kAllLanes = 0xFFFFFFFFU;

// Grey and join levels, a byte a pixel, four to a word. A row takes an odd number of words, so
// that threads sweeping neighbouring rows read different banks.
struct Window {
  int x0;  // its first pixel in the image
  int y0;
  int width;
  int height;
  int row_words;  // words from one row to the next
  std::uint32_t* grey;
  std::uint32_t* join;
  // Which sides lie inside the image, where paths may leave the window; the others border the
  // image's edge pixels.
  bool cut_left;
  bool cut_right;
  bool cut_top;
  bool cut_bottom;

  [[nodiscard]] __device__ int used_words() const { return (width + 3) / 4; }
  [[nodiscard]] __device__ int join_at(int x, int y) const {
    return static_cast<int>(join[y * row_words + x / 4] >> (8 * (x % 4)) & 0xFFU);
  }
};

// The largest window, up to kLongestWindowSide a side, that fits `bytes` and the pixels off the
// image's edge, centred on the seed where the image allows. False where none of kShortestSide fits.
__device__ inline bool place_window(const CViewU8& image, int sx, int sy, std::uint8_t* shared, int bytes,
                                    Window& w) {
  const int inner_w = image.width - 2;
  const int inner_h = image.height - 2;
  for (int side = kLongestWindowSide; side >= kShortestSide; side -= 4) {
    const int width = min(side, inner_w);
    const int height = min(side, inner_h);
    if (window_bytes(width, height) > bytes) continue;
    const int words = window_row_words(width);
    w.width = width;
    w.height = height;
    w.row_words = words;
    w.x0 = max(1, min(sx - width / 2, image.width - 1 - width));
    w.y0 = max(1, min(sy - height / 2, image.height - 1 - height));
    w.grey = reinterpret_cast<std::uint32_t*>(shared);
    w.join = w.grey + words * height;
    w.cut_left = w.x0 > 1;
    w.cut_right = w.x0 + width < image.width - 1;
    w.cut_top = w.y0 > 1;
    w.cut_bottom = w.y0 + height < image.height - 1;
    return true;
  }
  return false;
}

// Copies the window's greys in (255 past its width, which stops every chain) and sets every join
// level to unreached but the seed's, its own grey.
__device__ inline void load_window(const CViewU8& image, const Window& w, int sx, int sy, int first_level) {
  for (int i = static_cast<int>(threadIdx.x); i < w.height * w.row_words; i += block_threads()) {
    const int row = i / w.row_words;
    const int x = 4 * (i % w.row_words);
    const std::uint8_t* from = image.row(w.y0 + row) + w.x0;
    std::uint32_t word = 0U;
#pragma unroll
    for (int b = 0; b < 4; ++b) {
      const std::uint32_t grey = x + b < w.width ? __ldg(from + x + b) : 0xFFU;
      word |= grey << (8 * b);
    }
    w.grey[i] = word;
    w.join[i] = kAllLanes;
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    const int x = sx - w.x0;
    std::uint32_t& word = w.join[(sy - w.y0) * w.row_words + x / 4];
    word = (word & ~(0xFFU << (8 * (x % 4)))) | static_cast<std::uint32_t>(first_level) << (8 * (x % 4));
  }
  __syncthreads();
}

// One step of a chain along a line: the pixel's join level is at most the brighter of its grey
// and the level its neighbour came in at.
__device__ inline std::uint32_t step_join(std::uint32_t join, std::uint32_t grey, std::uint32_t from) {
  return min(join, max(grey, from));
}

constexpr int kNothingLowered = kLevels;
// A sweep reads its line a chunk at a time into registers: the chain then waits for shared
// memory once a chunk rather than once a step (a load after a store to the same array is not
// moved ahead of it).
constexpr int kChunkWords = 8;
constexpr int kChunkRows = 16;

// Sweeps row `r` left to right and back; the least level a pixel was lowered to.
__device__ inline int sweep_row(const Window& w, int r) {
  std::uint32_t* join = w.join + r * w.row_words;
  const std::uint32_t* grey = w.grey + r * w.row_words;
  const int words = w.used_words();
  int lowest = kNothingLowered;
  // Word `q` of the row, `step` words on from `q0` (backward: -1). Words off the row read as
  // 255, which ends every chain, and are never written.
  const auto sweep = [&](int q0, int step) {
    std::uint32_t level = 0xFFU;
    for (int c = 0; c < words; c += kChunkWords) {
      std::uint32_t g[kChunkWords];
      std::uint32_t j[kChunkWords];
#pragma unroll
      for (int k = 0; k < kChunkWords; ++k) {
        const int q = q0 + step * (c + k);
        const bool on_row = c + k < words;
        g[k] = on_row ? grey[q] : kAllLanes;
        j[k] = on_row ? join[q] : kAllLanes;
      }
#pragma unroll
      for (int k = 0; k < kChunkWords; ++k) {
        std::uint32_t out = 0U;
#pragma unroll
        for (int i = 0; i < 4; ++i) {
          const int b = step > 0 ? i : 3 - i;
          const std::uint32_t was = j[k] >> (8 * b) & 0xFFU;
          level = step_join(was, g[k] >> (8 * b) & 0xFFU, level);
          out |= level << (8 * b);
          if (level != was) lowest = min(lowest, static_cast<int>(level));
        }
        if (out != j[k]) join[q0 + step * (c + k)] = out;
      }
    }
  };
  sweep(0, 1);
  sweep(words - 1, -1);
  return lowest;
}

// Sweeps column `x` down and back up; the least level a pixel was lowered to.
__device__ inline int sweep_column(const Window& w, int x) {
  std::uint8_t* join = reinterpret_cast<std::uint8_t*>(w.join) + x;
  const std::uint8_t* grey = reinterpret_cast<const std::uint8_t*>(w.grey) + x;
  const int pitch = 4 * w.row_words;
  int lowest = kNothingLowered;
  // As sweep_row's, a row at a time from `r0` on by `step`.
  const auto sweep = [&](int r0, int step) {
    std::uint32_t level = 0xFFU;
    for (int c = 0; c < w.height; c += kChunkRows) {
      std::uint32_t g[kChunkRows];
      std::uint32_t j[kChunkRows];
#pragma unroll
      for (int k = 0; k < kChunkRows; ++k) {
        const int r = r0 + step * (c + k);
        const bool on_column = c + k < w.height;
        g[k] = on_column ? grey[r * pitch] : 0xFFU;
        j[k] = on_column ? join[r * pitch] : 0xFFU;
      }
#pragma unroll
      for (int k = 0; k < kChunkRows; ++k) {
        level = step_join(j[k], g[k], level);
        if (level != j[k]) {
          join[(r0 + step * (c + k)) * pitch] = static_cast<std::uint8_t>(level);
          lowest = min(lowest, static_cast<int>(level));
        }
      }
    }
  };
  sweep(0, 1);
  sweep(w.height - 1, -1);
  return lowest;
}

// The block's tallies besides the levels' (no initialisers: shared memory).
struct WindowTally {
  int lowest[3];         // by sweep, in turn: the least level a pixel was lowered to
  int touched[kLevels];  // by level: an edge pixel was reached there
  // The region a find describes: its area, its pixels' x and y summed from the window's corner
  // (a window's pixels, at most 65536 each under 256 from the corner, sum to less than 2^32:
  // 32-bit shared atomics, single instructions where 64-bit ones are compare-and-swap loops), and
  // its box.
  int area;
  unsigned sum_x;
  unsigned sum_y;
  int x0;
  int x1;
  int y0;
  int y1;
  static_assert(static_cast<long long>(kLongestWindowSide) * kLongestWindowSide * (kLongestWindowSide - 1) < (1LL << 32));
  int limit;             // the least join level on the cut sides so far
  int at_limit;          // pixels whose join level is at most the limit, past those below it
  int verdict;
};

// What the walker tells the block after a look at the levels.
enum Verdict : int { kGoOn = 0, kDecided = 1, kGiveUp = 2 };

// The least join level on the cut sides, so far. Called by all threads; ready after a barrier.
__device__ inline void read_limit(const Window& w, WindowTally& t) {
  int least = 0xFF;
  for (int i = static_cast<int>(threadIdx.x); i < w.height; i += block_threads()) {
    if (w.cut_left) least = min(least, w.join_at(0, i));
    if (w.cut_right) least = min(least, w.join_at(w.width - 1, i));
  }
  for (int i = static_cast<int>(threadIdx.x); i < w.width; i += block_threads()) {
    if (w.cut_top) least = min(least, w.join_at(i, 0));
    if (w.cut_bottom) least = min(least, w.join_at(i, w.height - 1));
  }
  least = warp_min(kAllLanes, least);
  if (threadIdx.x % 32U == 0U) atomicMin(&t.limit, least);
}

// For each uncut side, the levels below `below` at which its edge pixels are reached: an edge
// pixel is reached once its neighbour off the edge is taken, and then taken at its own grey if
// brighter.
__device__ inline void read_touches(const CViewU8& image, const Window& w, int below, WindowTally& t) {
  const auto touch = [&](int grey, int join) {
    const int level = max(grey, join);
    if (level < below) atomicOr(&t.touched[level], 1);
  };
  for (int i = static_cast<int>(threadIdx.x); i < w.height; i += block_threads()) {
    const int y = w.y0 + i;
    if (!w.cut_left) touch(image.row(y)[0], w.join_at(0, i));
    if (!w.cut_right) touch(image.row(y)[image.width - 1], w.join_at(w.width - 1, i));
  }
  for (int i = static_cast<int>(threadIdx.x); i < w.width; i += block_threads()) {
    const int x = w.x0 + i;
    if (!w.cut_top) touch(image.row(0)[x], w.join_at(i, 0));
    if (!w.cut_bottom) touch(image.row(image.height - 1)[x], w.join_at(i, w.height - 1));
  }
}

// Adds every pixel of join level in [from, to) to its level's area, and counts those at `to`.
// The walk decides on areas alone; the centroid and box of the regions it finds are taken after
// it (describe_finds), one pass each, rather than for every level with every pixel.
__device__ inline void count_levels(const Window& w, int from, int to, DarkRegionSnapshot* levels, WindowTally& t) {
  const int lane = static_cast<int>(threadIdx.x % 32U);
  const int total = w.height * w.row_words;
  const std::uint32_t froms = static_cast<std::uint32_t>(from) * 0x01010101U;
  const std::uint32_t tos = static_cast<std::uint32_t>(to) * 0x01010101U;
  for (int base = 0; base < total; base += block_threads()) {
    const int i = base + static_cast<int>(threadIdx.x);
    // Rows past the last, and the bytes past a row's width, are 255: never below `to`, which
    // is 255 at most, and never counted at it, which only a `to` below 255 is.
    const std::uint32_t join = i < total ? w.join[i] : kAllLanes;
    const std::uint32_t inside = __vcmpgeu4(join, froms) & __vcmpleu4(join, tos);
    if (__ballot_sync(kAllLanes, inside != 0U) == 0U) continue;
    const int at = to < 0xFF ? __popc(__vcmpeq4(join, tos)) / 8 : 0;
    const int warp_at = warp_sum(kAllLanes, at);
    if (lane == 0 && warp_at > 0) atomicAdd(&t.at_limit, warp_at);
    // Each pixel adds itself: gathering a warp's lanes of one level first (__match_any_sync)
    // made the flood slower on the H100.
#pragma unroll
    for (int b = 0; b < 4; ++b) {
      const int level = static_cast<int>(join >> (8 * b) & 0xFFU);
      if (level >= from && level < to) atomicAdd(&levels[level].area, 1);
    }
  }
}

// The centroid and box of the region up to `last_level` (every window pixel of join level at
// most that), as DarkRegionLevelWalk::describe() gives them from its snapshot. Called by all
// threads; `r.radius`, from the walk's areas, stays.
__device__ inline void describe_region(const Window& w, int last_level, DarkRegion& r, WindowTally& t) {
  const int tid = static_cast<int>(threadIdx.x);
  if (tid == 0) {
    t.sum_x = 0U;
    t.sum_y = 0U;
    t.x0 = INT_MAX;
    t.y0 = INT_MAX;
    t.x1 = INT_MIN;
    t.y1 = INT_MIN;
    t.area = 0;
  }
  __syncthreads();
  unsigned area = 0U;
  unsigned sum_x = 0U;
  unsigned sum_y = 0U;
  int x0 = INT_MAX;
  int y0 = INT_MAX;
  int x1 = INT_MIN;
  int y1 = INT_MIN;
  const int total = w.height * w.row_words;
  for (int i = tid; i < total; i += block_threads()) {
    const std::uint32_t join = w.join[i];
    const int row = i / w.row_words;
    const int column = 4 * (i % w.row_words);
#pragma unroll
    for (int b = 0; b < 4; ++b) {
      if (static_cast<int>(join >> (8 * b) & 0xFFU) > last_level) continue;
      ++area;
      sum_x += static_cast<unsigned>(column + b);
      sum_y += static_cast<unsigned>(row);
      x0 = min(x0, column + b);
      x1 = max(x1, column + b);
      y0 = min(y0, row);
      y1 = max(y1, row);
    }
  }
  area = warp_sum(kAllLanes, area);
  sum_x = warp_sum(kAllLanes, sum_x);
  sum_y = warp_sum(kAllLanes, sum_y);
  x0 = warp_min(kAllLanes, x0);
  x1 = warp_max(kAllLanes, x1);
  y0 = warp_min(kAllLanes, y0);
  y1 = warp_max(kAllLanes, y1);
  if (tid % 32 == 0) {
    atomicAdd(&t.area, static_cast<int>(area));
    atomicAdd(&t.sum_x, sum_x);
    atomicAdd(&t.sum_y, sum_y);
    atomicMin(&t.x0, x0);
    atomicMax(&t.x1, x1);
    atomicMin(&t.y0, y0);
    atomicMax(&t.y1, y1);
  }
  __syncthreads();
  if (tid == 0) {
    const int n = t.area;
    const std::int64_t sx = static_cast<std::int64_t>(t.sum_x) + static_cast<std::int64_t>(n) * w.x0;
    const std::int64_t sy = static_cast<std::int64_t>(t.sum_y) + static_cast<std::int64_t>(n) * w.y0;
    r.centroid = {static_cast<float>(static_cast<double>(sx) / n), static_cast<float>(static_cast<double>(sy) / n)};
    r.bounds = {w.x0 + t.x0, w.y0 + t.y0, t.x1 - t.x0 + 1, t.y1 - t.y0 + 1};
  }
  __syncthreads();
}

// The regions the walk found, described (see count_levels). Called by all threads.
__device__ inline void describe_finds(const Window& w, DarkRegionFinds& finds, WindowTally& t) {
  if (finds.has_after_wall) describe_region(w, static_cast<int>(finds.after_wall.spill_level) - 1, finds.after_wall, t);
  if (finds.has_earlier) describe_region(w, static_cast<int>(finds.earlier.spill_level) - 1, finds.earlier, t);
}

// The walker: DarkRegionGrower::grow's level walk over the levels counted so far. It lives in
// one thread across the looks the block takes as more levels settle. The snapshots hold areas
// only: the centroid and box that the walk's finds make of the rest are replaced after it
// (describe_finds).
class WindowWalk {
 public:
  __device__ WindowWalk(int first_level, float min_radius, float max_radius)
      : walk_(first_level, min_radius, max_radius), next_(first_level) {}

  // Walks the levels below `to`, which are final, and looks at `to`: the region there has at
  // least `at_least` pixels. `window_limit`: no more levels will settle past `to`.
  __device__ Verdict walk_to(int to, int at_least, bool window_limit, DarkRegionSnapshot* levels,
                             const WindowTally& t) {
    for (; next_ < to; ++next_) {
      (void)walk_.begin_level(next_);
      area_below_ += levels[next_].area;
      levels[next_].area = area_below_;
      if (!walk_.end_level(levels, t.touched[next_] != 0)) return kDecided;
    }
    // Whether the level spills is known where the pixels already seen at it are too many.
    if (to < kLevels - 1 && area_below_ + at_least > walk_.begin_level(to)) {
      walk_.spill(levels);
      return kDecided;
    }
    return window_limit ? kGiveUp : kGoOn;
  }

  [[nodiscard]] __device__ const DarkRegionFinds& finds() const { return walk_.finds(); }

 private:
  DarkRegionLevelWalk walk_;
  int area_below_ = 0;        // of the region up to the last level walked
  int next_;                  // the first level not walked
};

}  // namespace join_detail

// DarkRegionGrower::grow from the seed pixel (sx, sy), off the image's edge, of grey
// `first_level`, through a window in `shared` (`bytes` of it). True, with `finds` set for every
// thread, where the window decides; false where the caller must flood level by level. `levels`
// is the caller's shared array of kLevels snapshots, free for this.
//
// Join levels settle from the bottom up. After a sweep that lowered no pixel below level E,
// the levels capped at E are settled (the sweep before left its lines so, and this one changed
// none of them), so every level below E is final; the walk then goes on to E. A pixel's level so
// far is one of its paths', so the pixels seen at E or below are a floor for the region at E: a
// pupil's spill into the iris is seen while the iris's levels are still settling.
__device__ inline bool block_grow_in_window(const CViewU8& image, int sx, int sy, int first_level, float min_radius,
                                            float max_radius, std::uint8_t* shared, int bytes,
                                            DarkRegionSnapshot* levels, DarkRegionFinds& finds) {
  using namespace join_detail;
  __shared__ WindowTally t;
  Window w;
  const bool on_edge = sx == 0 || sy == 0 || sx == image.width - 1 || sy == image.height - 1;
  if (on_edge || !place_window(image, sx, sy, shared, bytes, w)) return false;
  const int tid = static_cast<int>(threadIdx.x);
  for (int l = tid; l < kLevels; l += block_threads()) {
    levels[l] = {0, 0, 0, 0, 0, 0, 0};  // areas only (see WindowWalk)
    t.touched[l] = 0;
  }
  if (tid == 0) {
    for (int& lowest : t.lowest) lowest = kNothingLowered;
    t.limit = 0xFF;
  }
  load_window(image, w, sx, sy, first_level);
  WindowWalk walk(first_level, min_radius, max_radius);  // thread 0's
  int settled = first_level;  // every level below it is final
  int counted = first_level;  // every level below it is counted and walked
  for (int sweep = 0; sweep < kMostSweeps; ++sweep) {
    int lowest = kNothingLowered;
    if (sweep % 2 == 0) {
      if (tid < w.height) lowest = sweep_row(w, tid);
    } else if (tid < w.width) {
      lowest = sweep_column(w, tid);
    }
    lowest = warp_min(kAllLanes, lowest);
    if (tid % 32 == 0) atomicMin(&t.lowest[sweep % 3], lowest);
    if (tid == 0) {
      t.lowest[(sweep + 1) % 3] = kNothingLowered;
      t.at_limit = 0;
    }
    __syncthreads();
    if (sweep == 0) continue;
    const bool still = t.lowest[sweep % 3] == kNothingLowered;
    const int now_settled = max(settled, min(t.lowest[sweep % 3], 0xFF));
    // A look after every sweep that settled levels, and after every second one besides: more
    // pixels may have come down to the level the walk waits at, enough to show its spill.
    if (now_settled == settled && !still && sweep % 2 == 0) continue;
    // The window's limit so far (final where below the settled levels), the levels that
    // settled, and the walk over them.
    read_limit(w, t);
    __syncthreads();
    const int to = min(now_settled, t.limit);
    read_touches(image, w, to, t);
    count_levels(w, counted, to, levels, t);
    __syncthreads();
    if (tid == 0) {
      const bool last = still || to == t.limit;
      t.verdict = walk.walk_to(to, t.at_limit, last, levels, t);
      if (t.verdict == kDecided) finds = walk.finds();
    }
    __syncthreads();
    const int verdict = t.verdict;
    if (verdict != kGoOn) {
      if (verdict == kDecided) describe_finds(w, finds, t);
      __syncthreads();  // the tallies are free for the next flood
      return verdict == kDecided;
    }
    settled = now_settled;
    counted = to;
  }
  return false;
}

}  // namespace pt::gpu::search
