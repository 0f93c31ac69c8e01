#pragma once
// walk_ray (ray_walk.hpp) by a group of threads of one warp: each takes every lanes-th step, and
// the group keeps the first step at which the one-thread walk would have stopped, so a ray that
// the CPU walks for fifty pixels costs the group a few rounds of one sample each. Same border to
// the bit: every step is the CPU's own arithmetic, only taken side by side.
#include <optional>

#include "pt/pupil/ray_walk.hpp"

namespace pt::gpu::search {

// The group of `lanes` threads (a power of two up to 32) that this thread belongs to: lanes of
// one warp, aligned on multiples of `lanes`.
struct LaneGroup {
  int lanes = 1;
  int rank = 0;        // this thread's place in the group
  unsigned mask = 0U;  // the group's lanes in the warp

  __device__ static LaneGroup of(int lanes) {
    const int lane = static_cast<int>(threadIdx.x % 32U);
    const unsigned all = lanes == 32 ? 0xFFFFFFFFU : ((1U << lanes) - 1U) << (lane / lanes * lanes);
    return {lanes, lane % lanes, all};
  }
};

// Called by every thread of the group, with the same arguments; every one returns the border.
template <class OnStep>
__device__ std::optional<Point2f> group_walk_ray(CViewU8 image, CViewU8 reflections, const Ray& ray,
                                                 const OnStep& on_step, const LaneGroup& g) {
  if (image.width < 2 || image.height < 2) return std::nullopt;
  RaySample carried = sample_ray(image, reflections, ray, ray.start);  // the last round's last sample
  if (!carried.inside) return std::nullopt;
  const unsigned first_lane = static_cast<unsigned>(__ffs(static_cast<int>(g.mask)) - 1);
  for (int base = 1;; base += g.lanes) {
    // t as the one-thread walk reaches it, start + 1 + 1 + ...: exact for the whole-pixel
    // starts the search uses.
    const float t = ray.start + static_cast<float>(base + g.rank);
    const bool taken = t <= ray.max_len;
    const RaySample cur = taken ? sample_ray(image, reflections, ray, t) : RaySample{};
    // The sample before this one: the previous lane's, or the last round's for the first lane. A
    // step after one outside the image is never kept (the walk ended there), so its inside flag
    // is not needed.
    float prev_value = __shfl_up_sync(g.mask, cur.value, 1, g.lanes);
    bool prev_reflection = __shfl_up_sync(g.mask, cur.reflection, 1, g.lanes) != 0;
    if (g.rank == 0) {
      prev_value = carried.value;
      prev_reflection = carried.reflection;
    }
    std::optional<Point2f> border;
    if (taken && cur.inside && !cur.reflection && !prev_reflection) border = on_step(t, prev_value, cur.value);
    // The walk ends at the first step that leaves the image or finds the border.
    const unsigned ends = __ballot_sync(g.mask, taken && (!cur.inside || border.has_value()));
    if (ends != 0U) {
      const int at = __ffs(static_cast<int>(ends)) - 1;
      const bool found = __shfl_sync(g.mask, border.has_value(), at) != 0;
      if (!found) return std::nullopt;
      const Point2f b = border.value_or(Point2f{});
      return Point2f{__shfl_sync(g.mask, b.x, at), __shfl_sync(g.mask, b.y, at)};
    }
    if (__ballot_sync(g.mask, !taken) != 0U) return std::nullopt;  // past max_len
    const unsigned last = first_lane + static_cast<unsigned>(g.lanes - 1);
    carried.value = __shfl_sync(g.mask, cur.value, static_cast<int>(last));
    carried.reflection = __shfl_sync(g.mask, cur.reflection, static_cast<int>(last)) != 0;
  }
}

// find_border (ray_walk.hpp) by the group.
__device__ inline std::optional<Point2f> group_find_border(CViewU8 image, CViewU8 reflections, Point2f origin,
                                                           float angle, float start, const RayCriterion& criterion,
                                                           const LaneGroup& g) {
  return find_border_by([&](CViewU8 i, CViewU8 r, const Ray& ray, const auto& step) { return group_walk_ray(i, r, ray, step, g); },
                        image, reflections, border_ray(origin, angle, start, criterion), criterion);
}

}  // namespace pt::gpu::search
