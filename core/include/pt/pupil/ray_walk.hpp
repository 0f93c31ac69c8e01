#pragma once
// One ray of the Starburst search, from its direction to the border it meets: the rules the CPU
// search and the device's share, step by step.
#include <algorithm>
#include <array>
#include <cstddef>
#include <numbers>
#include <optional>

#include "pt/geometry.hpp"
#include "pt/host_device.hpp"
#include "pt/image.hpp"
#include "pt/pupil/dark_region_levels.hpp"
#include "pt/pupil/ray_sampling.hpp"
#include "pt/reproducible_math.hpp"

namespace pt {

// How the rays of one search recognise the border.
struct RayCriterion {
  bool by_level = false;  // rises through `level`; else a step steeper than `gradient`
  float level = 0.0F;
  float gradient = 0.0F;  // grey levels per pixel
  float reach = 0.0F;     // longest ray, pixels

  [[nodiscard]] PT_HOST_DEVICE static RayCriterion rising_through(float level, float reach) noexcept {
    return {true, level, 0.0F, reach};
  }
  [[nodiscard]] PT_HOST_DEVICE static RayCriterion steeper_than(float gradient, float reach) noexcept {
    return {false, 0.0F, gradient, reach};
  }
};

// A ray: from `origin` along the unit direction (dx, dy), sampled one pixel apart at distances
// start, start + 1, ... up to max_len.
struct Ray {
  Point2f origin;
  float dx = 0.0F;
  float dy = 0.0F;
  float start = 0.0F;
  float max_len = 0.0F;

  [[nodiscard]] PT_HOST_DEVICE Point2f at(float t) const noexcept { return {origin.x + t * dx, origin.y + t * dy}; }
};

// What a ray's walk reads at distance t: whether it is in the image, its grey and whether it
// lies on a reflection.
struct RaySample {
  bool inside = false;
  float value = 0.0F;
  bool reflection = false;
};

[[nodiscard]] PT_HOST_DEVICE inline RaySample sample_ray(CViewU8 image, CViewU8 reflections, const Ray& ray,
                                                        float t) noexcept {
  const Point2f p = ray.at(t);
  if (!inside_image(image, p.x, p.y)) return {};
  return {true, sample_bilinear(image, p.x, p.y), marked(reflections, p.x, p.y)};
}

// Walks the ray one pixel at a time and hands every step between two samples that are both
// clear of reflections to on_step(t, value at t - 1, value at t), which returns the border once
// it sees it. Leaving the image ends the walk empty-handed. The device also walks a ray with
// several threads at once (ray_group_walk.cuh), to the same border.
template <class OnStep>
PT_HOST_DEVICE std::optional<Point2f> walk_ray(CViewU8 image, CViewU8 reflections, const Ray& ray, OnStep&& on_step) {
  if (image.width < 2 || image.height < 2) return std::nullopt;
  RaySample prev = sample_ray(image, reflections, ray, ray.start);
  if (!prev.inside) return std::nullopt;
  for (float t = ray.start + 1.0F; t <= ray.max_len; t += 1.0F) {
    const RaySample cur = sample_ray(image, reflections, ray, t);
    if (!cur.inside) return std::nullopt;
    if (!cur.reflection && !prev.reflection) {
      if (auto border = on_step(t, prev.value, cur.value)) return border;
    }
    prev = cur;
  }
  return std::nullopt;
}

// The first dark-to-bright step steeper than `threshold` grey levels per pixel, located at the
// gradient's peak to sub-pixel precision. Steps touching a reflection are ignored.
struct EdgeStep {
  CViewU8 image;
  CViewU8 reflections;
  Ray ray;
  float threshold = 0.0F;

  static constexpr int kPeakLookahead = 4;  // samples past the threshold crossing searched for the peak

  PT_HOST_DEVICE std::optional<Point2f> operator()(float t, float prev, float cur) const {
    const float g = cur - prev;
    if (g <= threshold) return std::nullopt;
    // The crossing sits on the rising flank; the edge is where the gradient peaks. grad[i]
    // is the step into sample t-1+i, so it belongs to position t - 1.5 + i.
    std::array<float, kPeakLookahead + 2> grad{};
    const Point2f before = ray.at(t - 2.0F);
    grad[0] = (t - 2.0F >= ray.start && inside_image(image, before.x, before.y))
                  ? prev - sample_bilinear(image, before.x, before.y)
                  : g;
    grad[1] = g;
    std::size_t n = 2;
    float last = cur;
    for (int k = 1; k <= kPeakLookahead; ++k) {
      const Point2f q = ray.at(t + static_cast<float>(k));
      if (!inside_image(image, q.x, q.y) || marked(reflections, q.x, q.y)) break;
      const float v = sample_bilinear(image, q.x, q.y);
      grad[n++] = v - last;
      last = v;
      if (grad[n - 1] <= grad[n - 2]) break;
    }
    std::size_t m = 1;
    for (std::size_t i = 2; i < n; ++i) m = grad[i] > grad[m] ? i : m;
    const float gl = grad[m - 1];
    const float gc = grad[m];
    const float gr = m + 1 < n ? grad[m + 1] : gc;
    const float denom = gl - 2.0F * gc + gr;
    const float offset = denom < 0.0F ? std::clamp(0.5F * (gl - gr) / denom, -0.5F, 0.5F) : 0.0F;
    return ray.at(t + static_cast<float>(m) - 1.5F + offset);
  }
};

// Where the profile first rises through `level` (a sample below it followed by one at or above
// it), interpolated between the two.
struct LevelStep {
  Ray ray;
  float level = 0.0F;

  PT_HOST_DEVICE std::optional<Point2f> operator()(float t, float prev, float cur) const {
    if (prev >= level || cur < level) return std::nullopt;
    return ray.at(t - 1.0F + (level - prev) / (cur - prev));
  }
};

// Walks from `origin` along the unit direction (dx, dy) from distance `start` to `max_len` and
// returns the sub-pixel position of the first dark-to-bright step steeper than `threshold`
// grey levels per pixel (EdgeStep).
[[nodiscard]] PT_HOST_DEVICE inline std::optional<Point2f> find_edge_along_ray(CViewU8 image, CViewU8 reflections,
                                                                              Point2f origin, float dx, float dy,
                                                                              float start, float max_len,
                                                                              float threshold) {
  const Ray ray{origin, dx, dy, start, max_len};
  return walk_ray(image, reflections, ray, EdgeStep{image, reflections, ray, threshold});
}

// Walks the same way and returns where the profile first rises through `level` (LevelStep).
// Crossings touching a reflection are ignored.
[[nodiscard]] PT_HOST_DEVICE inline std::optional<Point2f> find_level_crossing_along_ray(
    CViewU8 image, CViewU8 reflections, Point2f origin, float dx, float dy, float start, float max_len, float level) {
  const Ray ray{origin, dx, dy, start, max_len};
  return walk_ray(image, reflections, ray, LevelStep{ray, level});
}

// The angle of the k-th of n directions spread evenly over the full turn.
[[nodiscard]] PT_HOST_DEVICE inline float spread_angle(int k, int n) noexcept {
  return 2.0F * std::numbers::pi_v<float> * static_cast<float>(k) / static_cast<float>(n);
}

// The ray from `origin` at `angle` from distance `start` on, as far as `criterion` reaches.
[[nodiscard]] PT_HOST_DEVICE inline Ray border_ray(Point2f origin, float angle, float start,
                                                  const RayCriterion& criterion) noexcept {
  return {origin, repro::cos(angle), repro::sin(angle), start, criterion.reach};
}

// Walks `ray` with `walk(image, reflections, ray, step)` and the step test of `criterion`.
template <class Walk>
PT_HOST_DEVICE std::optional<Point2f> find_border_by(Walk&& walk, CViewU8 image, CViewU8 reflections, const Ray& ray,
                                                    const RayCriterion& criterion) {
  if (criterion.by_level) return walk(image, reflections, ray, LevelStep{ray, criterion.level});
  return walk(image, reflections, ray, EdgeStep{image, reflections, ray, criterion.gradient});
}

// The border on the ray from `origin` at `angle`, looked for from distance `start` on.
[[nodiscard]] PT_HOST_DEVICE inline std::optional<Point2f> find_border(CViewU8 image, CViewU8 reflections,
                                                                      Point2f origin, float angle, float start,
                                                                      const RayCriterion& criterion) {
  return find_border_by([](CViewU8 i, CViewU8 r, const Ray& ray, const auto& step) { return walk_ray(i, r, ray, step); },
                        image, reflections, border_ray(origin, angle, start, criterion), criterion);
}

// The second stage: from each first-stage border point, `back_rays` rays spread over
// +-half_angle (radians) around the direction back to the seed.
[[nodiscard]] PT_HOST_DEVICE inline float back_half_angle(float half_angle_deg) noexcept {
  return half_angle_deg * std::numbers::pi_v<float> / 180.0F;
}

[[nodiscard]] PT_HOST_DEVICE inline float toward_seed(Point2f seed, Point2f border) noexcept {
  return repro::atan2(seed.y - border.y, seed.x - border.x);
}

[[nodiscard]] PT_HOST_DEVICE inline float back_ray_angle(float toward, float half_angle, int k, int back_rays) noexcept {
  const float frac = back_rays == 1 ? 0.5F : static_cast<float>(k) / static_cast<float>(back_rays - 1);
  return toward - half_angle + 2.0F * half_angle * frac;
}

// Back rays start two pixels in, past the falling flank of the edge they leave from.
constexpr float kBackRayStart = 2.0F;

// The border of a dark region from the flood: where the rays rise through the grey midway
// between its floor and its spill. A ray from inside the region leaves it within the region's
// diagonal, a back ray from its border within the same; the border must be crossed by then.
[[nodiscard]] PT_HOST_DEVICE inline RayCriterion border_of(const DarkRegion& r) noexcept {
  const float reach = repro::hypot(static_cast<float>(r.bounds.w), static_cast<float>(r.bounds.h)) + 2.0F;
  return RayCriterion::rising_through(0.5F * (r.pupil_level + r.spill_level), reach);
}

}  // namespace pt
