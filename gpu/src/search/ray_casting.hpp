#pragma once
// What host code sees of the device's Starburst rays (ray_casting.cuh): the result, the size of
// the list they fill, and a launcher of one block for the parity tests.
#include <algorithm>
#include <vector>

#include "pt/geometry.hpp"
#include "pt/image.hpp"
#include "pt/pupil/detector_params.hpp"
#include "pt/pupil/ray_walk.hpp"

namespace pt::gpu::search {

struct RayCast {
  bool ok = false;  // false: more rays than the block casts, or more points than the list holds
  int edges = 0;    // border points written
};

// The border points the rays of one search give at most, for sizing an EdgeList.
[[nodiscard]] inline int ray_cast_capacity(const StarburstParams& sp) {
  return std::max(1, sp.rays) * (1 + std::max(1, sp.second_stage_rays));
}

struct CastRays {
  RayCast cast;
  std::vector<Point2f> edges;
};

// Runs block_cast_rays in one block on images in device memory and waits for it.
CastRays cast_rays_on_device(CViewU8 image, CViewU8 reflections, Point2f seed, const StarburstParams& sp,
                             const RayCriterion& criterion);

}  // namespace pt::gpu::search
