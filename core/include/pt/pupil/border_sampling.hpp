#pragma once
// Where the border placement reads the image around a fitted ellipse: rings of samples in the
// ellipse's own frame and rays across its border. The rules the CPU (border_refinement.cpp)
// and the device (one sample or ray per thread) share.
#include <algorithm>
#include <array>
#include <cmath>
#include <optional>

#include "pt/geometry.hpp"
#include "pt/host_device.hpp"
#include "pt/image.hpp"
#include "pt/pupil/ray_sampling.hpp"
#include "pt/pupil/ray_walk.hpp"
#include "pt/reproducible_math.hpp"

namespace pt {

// An ellipse with the cosine and sine of its angle, worked out once for all its samples.
struct EllipseFrame {
  Ellipse e;
  float c = 1.0F;
  float s = 0.0F;
};

[[nodiscard]] PT_HOST_DEVICE inline EllipseFrame ellipse_frame(const Ellipse& e) noexcept {
  return {e, repro::cos(e.angle_rad), repro::sin(e.angle_rad)};
}

// The point at angle `t` of the ellipse's own frame on the ellipse scaled by `scale` and
// widened by `extra_px`.
[[nodiscard]] PT_HOST_DEVICE inline Point2f ring_point(const EllipseFrame& f, float scale, float extra_px,
                                                       float t) noexcept {
  const float u = (f.e.a * scale + extra_px) * repro::cos(t);
  const float v = (f.e.b * scale + extra_px) * repro::sin(t);
  return {f.e.cx + u * f.c - v * f.s, f.e.cy + u * f.s + v * f.c};
}

// The border's levels: medians of rings of samples.
namespace border_levels_rules {
constexpr int kRingSamples = 48;
// The pupil's level from its inner part, clear of the border's blur even on small pupils.
constexpr std::array<float, 3> kInnerScales{0.2F, 0.4F, 0.6F};
// The iris's level from rings starting where the border's blur ends and as wide again.
constexpr std::array<float, 3> kOuterBlurMultiples{1.0F, 1.5F, 2.0F};
constexpr int kMinLevelSamples = kRingSamples / 2;
}  // namespace border_levels_rules

// The median radial profile of border_rise_px: bins of half a pixel out to kReach radii, each
// the median of kRays samples.
namespace border_rise_rules {
constexpr int kRays = 32;
constexpr float kReach = 1.5F;

[[nodiscard]] PT_HOST_DEVICE inline float bin_step(const Ellipse& e) noexcept { return 0.5F / std::sqrt(e.a * e.b); }

[[nodiscard]] PT_HOST_DEVICE inline int bins(const Ellipse& e) noexcept {
  return static_cast<int>(kReach / bin_step(e)) + 1;
}

// A single border's grey rises within its blur; across an iris and the pupil's border inside it,
// over the iris's width, many times that.
constexpr float kTwoStepBlurs = 2.0F;

// Whether a profile that rises over `rise_px` (or not at all: `rises` false) rises in two steps.
[[nodiscard]] PT_HOST_DEVICE inline bool two_step(bool rises, float rise_px, float blur_px) noexcept {
  return !rises || rise_px > kTwoStepBlurs * blur_px;
}
}  // namespace border_rise_rules

// Rays that place the final border (StarburstSearch): enough that each covers a few pixels of
// even a large pupil's circumference, few enough to cost little next to the preprocessing.
constexpr int kBorderRays = 64;

// One ray of the isophote trace: from the ellipse's centre through its border point at its own
// angle `t`, the unit direction and the distance to that point.
struct IsophoteRay {
  float dx = 0.0F;
  float dy = 0.0F;
  float radius = 0.0F;
};

constexpr float kIsophoteStep = 0.5F;  // along the ray, pixels

[[nodiscard]] PT_HOST_DEVICE inline IsophoteRay isophote_ray(const EllipseFrame& f, float t) noexcept {
  const float u = f.e.a * repro::cos(t);
  const float v = f.e.b * repro::sin(t);
  const float ex = u * f.c - v * f.s;
  const float ey = u * f.s + v * f.c;
  const float radius = repro::hypot(ex, ey);
  return {ex / radius, ey / radius, radius};
}

// The sample positions along the ray are those of a walk out from half the radius to one and a
// half radii, so that the crossing found does not depend on the order in which the steps are
// looked at. Writes the first `capacity` into `radii` and returns how many there are.
[[nodiscard]] PT_HOST_DEVICE inline int isophote_radii(float radius, float* radii, int capacity) noexcept {
  int n = 0;
  for (float r = 0.5F * radius; r <= 1.5F * radius; r += kIsophoteStep) {
    if (n < capacity) radii[n] = r;
    ++n;
  }
  return n;
}

// The upward crossing of `level` on the ray nearest the ellipse, given its `n` sample radii;
// `grey` (n entries) caches the samples. Nothing when no step crosses clear of reflections.
[[nodiscard]] PT_HOST_DEVICE inline std::optional<Point2f> isophote_crossing(CViewU8 image, CViewU8 reflections,
                                                                            const Ellipse& e, const IsophoteRay& ray,
                                                                            float level, const float* radii,
                                                                            float* grey, int n) {
  constexpr float kUnread = -2.0F;
  constexpr float kUnusable = -1.0F;  // outside the image or on a reflection
  const float radius = ray.radius;
  for (int j = 0; j < n; ++j) grey[j] = kUnread;
  auto sample = [&](int j) {
    float& g = grey[j];
    if (g == kUnread) {
      const auto read = clear_grey(image, reflections, {e.cx + radii[j] * ray.dx, e.cy + radii[j] * ray.dy});
      g = read ? *read : kUnusable;
    }
    return g;
  };
  // The step into sample j crosses the level upwards where both its ends are usable.
  auto crossing = [&](int j) -> std::optional<float> {
    const float prev = sample(j - 1);
    const float cur = sample(j);
    if (prev == kUnusable || cur == kUnusable || prev >= level || cur < level) return std::nullopt;
    return radii[j] - kIsophoteStep + kIsophoteStep * (level - prev) / (cur - prev);
  };
  // Steps are looked at nearest the ellipse first, alternately outwards and inwards, until
  // every step left is farther from it than the best crossing: the border is usually within a
  // few steps, while the whole ray spans its radius. The margin covers the rounding of a
  // crossing's position within its step.
  constexpr float kMargin = 1e-3F;
  int first_out = 0;
  while (first_out < n && radii[first_out] < radius) ++first_out;
  int out = std::max(1, first_out);
  int in = out - 1;
  auto out_gap = [&] { return std::max(0.0F, radii[out] - kIsophoteStep - radius); };
  auto in_gap = [&] { return radius - radii[in]; };
  float best = -1.0F;
  float best_gap = 0.0F;
  int best_step = 0;
  while (out < n || in >= 1) {
    const bool outwards = in < 1 || (out < n && out_gap() <= in_gap());
    const float gap = outwards ? out_gap() : in_gap();
    if (best >= 0.0F && gap > best_gap + kMargin) break;
    const int j = outwards ? out++ : in--;
    const auto cross = crossing(j);
    if (!cross) continue;
    const float d = std::abs(*cross - radius);
    // As a walk outwards would: the nearer crossing, the inner one of two equally near.
    if (best < 0.0F || d < best_gap || (d == best_gap && j < best_step)) {
      best = *cross;
      best_gap = d;
      best_step = j;
    }
  }
  if (best < 0.0F) return std::nullopt;
  return Point2f{e.cx + best * ray.dx, e.cy + best * ray.dy};
}

}  // namespace pt
