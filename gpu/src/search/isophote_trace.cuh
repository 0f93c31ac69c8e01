#pragma once
// The isophote trace on the device (trace_isophote): one ray per thread, the crossings found
// compacted in the order of the rays.
#include <optional>

#include "pt/image.hpp"
#include "pt/pupil/border_sampling.hpp"
#include "border_levels.hpp"
#include "edge_list.cuh"
#include "ray_block_scan.cuh"
#include "search_block.cuh"

namespace pt::gpu::search {

// Called by all threads of the block; writes out.points[0, points) and *out.count, which every
// thread of the block sees on return (the fit that follows reads them all).
__device__ inline IsophoteTrace block_trace_isophote(CViewU8 image, CViewU8 reflections, const Ellipse& e, float level,
                                                     int rays, EdgeList out) {
  const int tid = static_cast<int>(threadIdx.x);
  if (rays > kSearchThreads || out.capacity < rays) {
    if (tid == 0) *out.count = 0;
    __syncthreads();
    return {};
  }
  std::optional<Point2f> hit;
  if (tid < rays && image.width >= 2 && image.height >= 2) {
    hit = isophote_crossing(image, reflections, e, isophote_ray(ellipse_frame(e), spread_angle(tid, rays)), level);
  }
  const FlagScan scan = block_flag_scan(hit.has_value());
  if (hit) out.points[scan.before] = *hit;
  if (tid == 0) *out.count = scan.total;
  __syncthreads();
  return {true, scan.total};
}

}  // namespace pt::gpu::search
