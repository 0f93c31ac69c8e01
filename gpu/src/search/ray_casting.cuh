#pragma once
// Starburst's rays on the device (StarburstSearch::cast_rays): the first stage from the seed, a
// few rays walked by all the block's threads (ray_group_walk.cuh), then the back rays from every
// first-stage border point, one per thread, with the border points compacted in the CPU's order:
// e0, e0's back-ray hits k = 0.., e1, ...
#include <algorithm>
#include <optional>

#include "pt/image.hpp"
#include "pt/pupil/detector_params.hpp"
#include "pt/pupil/ray_walk.hpp"
#include "edge_list.cuh"
#include "ray_casting.hpp"
#include "ray_group_walk.cuh"
#include "ray_block_scan.cuh"
#include "search_block.cuh"

namespace pt::gpu::search {

// First-stage rays a block casts at most (one pass of its threads).
constexpr int kMaxFirstStageRays = kSearchThreads;

// Threads that walk each of `rays` first-stage rays together: as many as the block has for
// them, a power of two up to a warp.
__device__ inline int first_stage_lanes(int rays) {
  int lanes = 32;
  while (lanes > 1 && rays * lanes > kSearchThreads) lanes /= 2;
  return lanes;
}

// Called by all threads of the block; writes out.points[0, edges) and *out.count, which every
// thread of the block sees on return (the fit that follows reads them all).
__device__ inline RayCast block_cast_rays(CViewU8 image, CViewU8 reflections, Point2f seed, const StarburstParams& sp,
                                          const RayCriterion& criterion, EdgeList out) {
  __shared__ Point2f first[kMaxFirstStageRays];
  const int tid = static_cast<int>(threadIdx.x);
  const int rays = std::max(1, sp.rays);
  const int back_rays = std::max(1, sp.second_stage_rays);
  if (rays > kMaxFirstStageRays || out.capacity < rays * (1 + back_rays)) {
    if (tid == 0) *out.count = 0;
    __syncthreads();
    return {};
  }
  const int lanes = first_stage_lanes(rays);
  const int ray = tid / lanes;
  std::optional<Point2f> hit;
  if (ray < rays) {
    hit = group_find_border(image, reflections, seed, spread_angle(ray, rays), 0.0F, criterion, LaneGroup::of(lanes));
  }
  // Each group's first thread keeps its ray's point, in the rays' order.
  const bool keeps = ray < rays && tid % lanes == 0 && hit.has_value();
  const FlagScan stage1 = block_flag_scan(keeps);
  if (keeps) first[stage1.before] = *hit;
  __syncthreads();
  const int n_first = stage1.total;
  const float half = back_half_angle(sp.second_stage_half_angle_deg);
  // Back rays in the output's order: ray r leaves first-stage point r / back_rays. A point's
  // slot is its index plus the back-ray hits before it; a hit's is one more than its point's
  // plus the hits between them.
  int hits_before = 0;
  for (int base = 0; base < n_first * back_rays; base += kSearchThreads) {
    const int r = base + tid;
    const bool active = r < n_first * back_rays;
    const int e = active ? r / back_rays : 0;
    const int k = active ? r % back_rays : 0;
    std::optional<Point2f> back;
    if (active) {
      const float ang = back_ray_angle(toward_seed(seed, first[e]), half, k, back_rays);
      back = find_border(image, reflections, first[e], ang, kBackRayStart, criterion);
    }
    const FlagScan scan = block_flag_scan(back.has_value());
    const int before = hits_before + scan.before;
    if (active && k == 0) out.points[e + before] = first[e];
    if (back) out.points[e + 1 + before] = *back;
    hits_before += scan.total;
  }
  if (tid == 0) *out.count = n_first + hits_before;
  __syncthreads();
  return {true, n_first + hits_before};
}

}  // namespace pt::gpu::search
