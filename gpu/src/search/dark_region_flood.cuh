#pragma once
// The dark-region flood for one block. It first reads the region off join levels in a window
// around the seed (join_level_window.cuh); where the window cannot decide, it floods level by
// level as the CPU does: from the seed's grey up, the region takes, at each level, the pixels
// that wait for it and then whatever those reach through pixels no brighter, in phases between
// which the block meets. A pixel is reached once (its mark), and waits for its grey's level if
// brighter than the level being taken. The block thus touches the pixels the CPU's flood
// touches, and counts each level's pixels, sums and box as whole numbers, exact in any order;
// the CPU's level walk reads them.
//
// A phase's threads each take what it hands them and, from each, up to kDepth further pixels on
// their own: a pupil's floor fills in a few phases rather than one per pixel of its radius.
// One thread walks the levels one phase behind the others, which start the next level meanwhile;
// its verdict (the walk ended, or the spill's area) reaches them at the next meeting. Every
// count a phase adds up lives in a copy of its own, so that one phase's counting never meets
// the next one's reading.
#include <climits>
#include <cstdint>

#include "pt/image.hpp"
#include "pt/pupil/dark_region_levels.hpp"
#include "dark_region_flood.hpp"
#include "flood_layout.hpp"
#include "flood_lists.cuh"
#include "flood_marks.cuh"
#include "join_level_window.cuh"
#include "block_threads.cuh"
#include "search_block.cuh"
#include "warp_reduce.cuh"

namespace pt::gpu::search {
namespace flood_detail {

constexpr int kLevels = 256;
constexpr int kNoLevel = kLevels;  // no pixel waits
constexpr int kDepth = 8;          // pixels a thread takes on its own in a phase
// The thread that walks the levels: the last warp only walks while a level begins, and the
// others take its pixels meanwhile.
__device__ inline int walker() { return block_threads() - 1; }
__device__ inline int level_workers() { return block_threads() - 32; }
constexpr int kMostWarps = kFloodThreads / 32;

// What a phase's threads counted: pixels handed to the next phase, pixels taken.
struct PhaseCounts {
  int frontier;
  int taken;
};

// What the walk tells the block after a phase.
struct WalkNews {
  int ended;       // the walk is over
  int spill_area;  // the area past which the level begun spills (INT_MAX: none)
};

// The block's shared state (no initialisers: it lives in shared memory).
struct FloodState {
  PhaseCounts phase[3];     // by phase, in turn
  int waiting_count[3];     // the lists of waiting pixels, in turn by level
  int waiting_least[3];     // the least grey in each
  WalkNews news[2];         // by phase, in turn
  int touched[kLevels];     // by level: the region came to the image's edge there
  // The coordinate sums of the level being taken, a pair a warp (added by its lane 0 alone), for
  // this level and the one before, which the walker adds up.
  unsigned long long sums[2][kMostWarps][2];
  int reach[4];             // the box of the pixels taken: x0, y0, x1, y1
};

struct Box {
  int x0;
  int y0;
  int x1;
  int y1;
  __device__ void add(int x, int y) {
    x0 = min(x0, x);
    y0 = min(y0, y);
    x1 = max(x1, x);
    y1 = max(y1, y);
  }
  __device__ void add(const Box& b) {
    x0 = min(x0, b.x0);
    y0 = min(y0, b.y0);
    x1 = max(x1, b.x1);
    y1 = max(y1, b.y1);
  }
};

constexpr Box kNoBox{INT_MAX, INT_MAX, INT_MIN, INT_MIN};

// A thread's counts in one phase.
struct Tally {
  int taken = 0;
  unsigned long long sum_x = 0;
  unsigned long long sum_y = 0;
  Box box = kNoBox;
  bool touched = false;
  int least_waiting = kNoLevel;
  __device__ void take(int x, int y) {
    ++taken;
    sum_x += static_cast<unsigned>(x);
    sum_y += static_cast<unsigned>(y);
    box.add(x, y);
  }
};

// What the threads of a phase work with.
struct Phase {
  CViewU8 image;
  int level;
  Marks marks;
  SplitList<PendingPixel> waiting;  // where pixels brighter than the level go
  int* waiting_count;
  SplitList<std::uint32_t> next;  // where pixels go that the next phase takes
  int* next_count;
};

__device__ inline bool on_edge(const CViewU8& image, int x, int y) {
  return x == 0 || y == 0 || x == image.width - 1 || y == image.height - 1;
}

__device__ inline std::uint32_t packed(int x, int y) {
  return static_cast<std::uint32_t>(y) << 16 | static_cast<std::uint32_t>(x);
}

// Takes `pixel` (reached, off the edge, no brighter than the level) and looks at its neighbours:
// those no brighter are taken too, by this thread while `budget` lasts, else by the next phase.
__device__ inline void take_from(const Phase& p, std::uint32_t pixel, Tally& t, int& budget) {
  std::uint32_t stack[kDepth];
  int top = 0;
  for (;;) {
    const int x = static_cast<int>(pixel & 0xFFFFU);
    const int y = static_cast<int>(pixel >> 16);
    t.take(x, y);
    // The pixel is off the edge: its neighbours are in the image. Their greys and marks are
    // asked for all at once, so that the four waits overlap.
    const int nx[4] = {x - 1, x + 1, x, x};
    const int ny[4] = {y, y, y - 1, y + 1};
    int grey[4];
    bool mine[4];
#pragma unroll
    for (int d = 0; d < 4; ++d) grey[d] = __ldg(p.image.row(ny[d]) + nx[d]);
#pragma unroll
    for (int d = 0; d < 4; ++d) mine[d] = p.marks.claim(nx[d], ny[d]);
#pragma unroll
    for (int d = 0; d < 4; ++d) {
      if (!mine[d]) continue;
      const std::uint32_t n = packed(nx[d], ny[d]);
      if (grey[d] > p.level) {
        p.waiting.append(p.waiting_count, {n, static_cast<std::uint32_t>(grey[d])});
        t.least_waiting = min(t.least_waiting, grey[d]);
      } else if (on_edge(p.image, nx[d], ny[d])) {
        t.touched = true;  // taken by no flood, but reached at this level
      } else if (budget > 0) {
        stack[top++] = n;
        --budget;
      } else {
        p.next.append(p.next_count, n);
      }
    }
    if (top == 0) return;
    pixel = stack[--top];
  }
}

// The sum over the warp of a whole number below 2^48 whose thread's share came from at most
// 2^27 pixels' coordinates (below 2^16 each): the warp adds 32-bit halves.
__device__ inline unsigned long long warp_sum_wide(unsigned long long v) {
  constexpr unsigned kAll = 0xFFFFFFFFU;
  const unsigned low = warp_sum(kAll, static_cast<unsigned>(v & 0xFFFFU));
  const unsigned high = warp_sum(kAll, static_cast<unsigned>(v >> 16));
  return (static_cast<unsigned long long>(high) << 16) + low;
}

// Adds the threads' tallies to the level's region and the phase's counts. Called by all threads.
__device__ inline void publish(const Tally& t, DarkRegionSnapshot& level, unsigned long long* sums, int* taken, int* touched,
                               int* least_waiting) {
  constexpr unsigned kAll = 0xFFFFFFFFU;
  const bool leader = threadIdx.x % 32U == 0U;
  if (__any_sync(kAll, t.taken > 0)) {
    const int area = static_cast<int>(warp_sum(kAll, static_cast<unsigned>(t.taken)));
    const unsigned long long sum_x = warp_sum_wide(t.sum_x);
    const unsigned long long sum_y = warp_sum_wide(t.sum_y);
    const int x0 = warp_min(kAll, t.box.x0);
    const int y0 = warp_min(kAll, t.box.y0);
    const int x1 = warp_max(kAll, t.box.x1);
    const int y1 = warp_max(kAll, t.box.y1);
    if (leader) {
      atomicAdd(taken, area);
      atomicAdd(&level.area, area);
      sums[0] += sum_x;  // the warp's own
      sums[1] += sum_y;
      atomicMin(&level.x0, x0);
      atomicMin(&level.y0, y0);
      atomicMax(&level.x1, x1);
      atomicMax(&level.y1, y1);
    }
  }
  if (__any_sync(kAll, t.touched) && leader) atomicOr(touched, 1);
  const int least = warp_min(kAll, t.least_waiting);
  if (leader && least < kNoLevel) atomicMin(least_waiting, least);
}

}  // namespace flood_detail

// DarkRegionGrower::grow(image, seed, min_radius, max_radius), field for field. The image and
// the scratch are in device memory; the scratch holds at least the image's size.
__device__ inline DeviceDarkRegions block_grow_dark_region(CViewU8 image, Point2f seed, float min_radius,
                                                           float max_radius, const FloodScratch& scratch) {
  using namespace flood_detail;
  __shared__ DarkRegionSnapshot levels[kLevels];  // each level's pixels, then (walked) the region up to it
  __shared__ FloodState s;
  extern __shared__ __align__(16) std::uint8_t flood_shared[];  // FloodScratch::shared_bytes of it
  // DarkRegionFinds has member initialisers, which shared variables may not have.
  __shared__ alignas(DarkRegionFinds) unsigned char finds_bytes[sizeof(DarkRegionFinds)];
  auto& finds = *reinterpret_cast<DarkRegionFinds*>(finds_bytes);

  if (image.empty() || image.width >= kFloodLargestSide || image.height >= kFloodLargestSide) return {};
  if (image.width > scratch.width || image.height > scratch.rows) __trap();  // the caller sized it too small
  if (block_threads() < kSearchThreads || block_threads() > kFloodThreads) __trap();
  const int tid = static_cast<int>(threadIdx.x);
  const SeedPixel seed_px = flood_seed_pixel(image.width, image.height, seed);
  const int sx = seed_px.x;
  const int sy = seed_px.y;
  const int first_level = image.row(sy)[sx];

  if (block_grow_in_window(image, sx, sy, first_level, min_radius, max_radius, flood_shared, scratch.shared_bytes,
                           levels, finds)) {
    if (tid == 0 && scratch.window_floods != nullptr) atomicAdd(scratch.window_floods, 1);
    const DarkRegionFinds result = finds;
    __syncthreads();  // the shared state is free for the next call
    return result;
  }

  const FloodLayout layout = flood_layout(image.width, image.height, sy, scratch.shared_bytes);
  const Marks marks{reinterpret_cast<std::uint32_t*>(flood_shared + layout.band_at), layout.band_y0,
                    layout.band_rows, mark_words(image.width), scratch.marks, scratch.mark_words};
  const auto waiting_list = [&](int i) {
    return SplitList<PendingPixel>{reinterpret_cast<PendingPixel*>(flood_shared + layout.pending_at) + i * layout.list_entries,
                                   layout.list_entries, scratch.pending + static_cast<std::ptrdiff_t>(i) * scratch.capacity};
  };
  const auto frontier_list = [&](int i) {
    return SplitList<std::uint32_t>{reinterpret_cast<std::uint32_t*>(flood_shared + layout.frontier_at) + i * layout.list_entries,
                                    layout.list_entries, scratch.frontier + static_cast<std::ptrdiff_t>(i) * scratch.capacity};
  };

  marks.clear_band();
  for (int l = tid; l < kLevels; l += block_threads()) {
    levels[l] = {0, 0, 0, INT_MAX, INT_MAX, INT_MIN, INT_MIN};
    s.touched[l] = 0;
  }
  if (tid == 0) {
    for (int i = 0; i < 3; ++i) {
      s.phase[i] = {0, 0};
      s.waiting_count[i] = 0;
      s.waiting_least[i] = kNoLevel;
    }
    s.news[0] = s.news[1] = {0, INT_MAX};
    for (auto& by_level : s.sums) {
      for (auto& pair : by_level) pair[0] = pair[1] = 0ULL;
    }
    s.reach[0] = s.reach[1] = INT_MAX;
    s.reach[2] = s.reach[3] = INT_MIN;
    // The seed waits for its own level.
    waiting_list(0).set(0, {packed(sx, sy), static_cast<std::uint32_t>(first_level)});
    s.waiting_count[0] = 1;
    s.waiting_least[0] = first_level;
  }
  __syncthreads();
  if (tid == 0) (void)marks.claim(sx, sy);  // before any neighbour's claim: thread 0 takes the seed

  // The walker's walk, and what it has walked: the levels below `walked`, and `walked` begun.
  DarkRegionLevelWalk walk(first_level, min_radius, max_radius);
  DarkRegionSnapshot below{0, 0, 0, sx, sy, sx, sy};  // the region up to the last level walked
  int walked = first_level;
  bool begun = false;
  int spill_area = INT_MAX;
  bool ended = false;
  // Walks the levels below `next`, each level's pixels turned into the region up to it, and
  // begins `next`. The warps' sums of the level begun are in s.sums[turn].
  const auto walk_to = [&](int next, int turn) {
    if (begun) {
      unsigned long long sum_x = 0;
      unsigned long long sum_y = 0;
      for (auto& pair : s.sums[turn]) {
        sum_x += pair[0];
        sum_y += pair[1];
        pair[0] = pair[1] = 0ULL;  // for the level after next
      }
      levels[walked].sum_x = static_cast<std::int64_t>(sum_x);
      levels[walked].sum_y = static_cast<std::int64_t>(sum_y);
    }
    for (; walked < next; ++walked) {
      if (!begun) (void)walk.begin_level(walked);
      begun = false;
      DarkRegionSnapshot& l = levels[walked];
      below = {below.area + l.area, below.sum_x + l.sum_x, below.sum_y + l.sum_y, min(below.x0, l.x0),
               min(below.y0, l.y0), max(below.x1, l.x1), max(below.y1, l.y1)};
      l = below;
      if (!walk.end_level(levels, s.touched[walked] != 0)) {
        ended = true;
        return;
      }
    }
    if (next < kLevels) {
      spill_area = walk.begin_level(next);
      begun = true;
    }
  };

  // The same in every thread: the level being taken and the region's area before it and at it.
  int level = -1;
  int area_before = 0;
  int level_area = 0;
  int waiting_turn = 0;  // which list of waiting pixels the next level reads
  int sums_turn = 1;     // which of s.sums the level being taken adds to
  Box reach{sx, sy, sx, sy};  // this thread's pixels, and the seed
  enum class End { Walked, Spilled, Exhausted } end = End::Walked;
  for (int k = 0;; ++k) {
    const PhaseCounts done = s.phase[(k + 2) % 3];
    const WalkNews news = s.news[(k + 1) % 2];
    level_area += done.taken;
    if (news.ended != 0) break;
    if (level >= 0 && area_before + level_area > news.spill_area) {
      end = End::Spilled;
      break;
    }
    int count = done.frontier;
    const bool new_level = count == 0;
    if (new_level) {
      const int next = s.waiting_least[waiting_turn];
      if (next == kNoLevel) {
        end = End::Exhausted;
        break;
      }
      level = next;
      sums_turn ^= 1;
      area_before += level_area;
      level_area = 0;
      count = s.waiting_count[waiting_turn];
    }
    const int wait_into = new_level ? (waiting_turn + 1) % 3 : waiting_turn;
    if (tid == walker()) {
      s.phase[(k + 1) % 3] = {0, 0};
      if (new_level) {
        s.waiting_count[(waiting_turn + 2) % 3] = 0;
        s.waiting_least[(waiting_turn + 2) % 3] = kNoLevel;
        walk_to(level, sums_turn ^ 1);
      }
      s.news[k % 2] = {ended ? 1 : 0, spill_area};
    }
    const Phase p{image, level, marks, waiting_list(wait_into), &s.waiting_count[wait_into], frontier_list(k % 2),
                  &s.phase[k % 3].frontier};
    Tally t;
    int budget = kDepth;
    if (new_level) {
      const SplitList<PendingPixel> in = waiting_list(waiting_turn);
      for (int i = tid; tid < level_workers() && i < count; i += level_workers()) {
        const PendingPixel e = in.get(i);
        const int x = static_cast<int>(e.packed & 0xFFFFU);
        const int y = static_cast<int>(e.packed >> 16);
        if (static_cast<int>(e.grey) != level) {
          p.waiting.append(p.waiting_count, e);
          t.least_waiting = min(t.least_waiting, static_cast<int>(e.grey));
        } else if (on_edge(image, x, y)) {
          t.touched = true;
        } else {
          take_from(p, e.packed, t, budget);
        }
      }
      waiting_turn = wait_into;
    } else {
      const SplitList<std::uint32_t> in = frontier_list((k + 1) % 2);
      for (int i = tid; i < count; i += block_threads()) take_from(p, in.get(i), t, budget);
    }
    publish(t, levels[level], s.sums[sums_turn][tid / 32], &s.phase[k % 3].taken, &s.touched[level],
            &s.waiting_least[wait_into]);
    reach.add(t.box);
    __syncthreads();
  }

  if (tid == walker()) {
    if (end == End::Spilled) walk.spill(levels);
    if (end == End::Exhausted) walk_to(kLevels, sums_turn);
    finds = walk.finds();
  }
  const bool marks_outside = layout.band_rows < image.height;
  if (marks_outside) {
    constexpr unsigned kAll = 0xFFFFFFFFU;
    const int x0 = warp_min(kAll, reach.x0);
    const int y0 = warp_min(kAll, reach.y0);
    const int x1 = warp_max(kAll, reach.x1);
    const int y1 = warp_max(kAll, reach.y1);
    if (tid % 32 == 0) {
      atomicMin(&s.reach[0], x0);
      atomicMin(&s.reach[1], y0);
      atomicMax(&s.reach[2], x1);
      atomicMax(&s.reach[3], y1);
    }
  }
  __syncthreads();
  const DarkRegionFinds result = finds;
  if (marks_outside) {
    // The pixels reached are the ones taken, their neighbours and the seed.
    marks.clear_rest(max(s.reach[0] - 1, 0), max(s.reach[1] - 1, 0), min(s.reach[2] + 1, image.width - 1),
                     min(s.reach[3] + 1, image.height - 1));
  }
  __syncthreads();  // the shared state is free for the next call, the global marks clear
  return result;
}

}  // namespace pt::gpu::search
