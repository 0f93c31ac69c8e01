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

// The sample radii along an isophote ray: a walk out from half the radius to one and a half
// radii adds kIsophoteStep at a time, and the positions are that walk's float sums, so that the
// crossing found does not depend on the order in which the steps are looked at. They are taken
// one after another either way from where the search starts, so no ray needs an array of them
// (on the device such arrays went to local memory).
class IsophoteRadii {
 public:
  PT_HOST_DEVICE explicit IsophoteRadii(float radius) noexcept : first_(0.5F * radius), last_(1.5F * radius) {}

  [[nodiscard]] PT_HOST_DEVICE float first() const noexcept { return first_; }
  // Whether the walk reaches `r` (one of its sums): the ray's samples end past it.
  [[nodiscard]] PT_HOST_DEVICE bool reaches(float r) const noexcept { return r <= last_; }
  [[nodiscard]] PT_HOST_DEVICE static float after(float r) noexcept { return r + kIsophoteStep; }
  // The sum before `r`, the walk's sum number `j` (at least 1). Within one binade the step adds
  // exactly and subtracting it undoes it; a sum that crossed a power of two may have rounded, so
  // there the walk is retaken from its start. That holds while the step is a whole number of the
  // sums' units in the last place (sums below 2^23); past 2^22 the walk is always retaken.
  [[nodiscard]] PT_HOST_DEVICE float before(float r, int j) const noexcept {
    const float back = r - kIsophoteStep;
    int exponent = 0;
    (void)std::frexp(r, &exponent);
    if (r < 4194304.0F && back > std::ldexp(0.5F, exponent)) return back;
    float x = first_;
    for (int k = 1; k < j; ++k) x = after(x);
    return x;
  }

 private:
  float first_;
  float last_;
};

// The upward crossing of `level` on the ray nearest the ellipse. Nothing when no step crosses
// clear of reflections.
[[nodiscard]] PT_HOST_DEVICE inline std::optional<Point2f> isophote_crossing(CViewU8 image, CViewU8 reflections,
                                                                            const Ellipse& e, const IsophoteRay& ray,
                                                                            float level) {
  constexpr float kUnusable = -1.0F;  // outside the image or on a reflection
  const float radius = ray.radius;
  const IsophoteRadii radii(radius);
  if (!radii.reaches(radii.first())) return std::nullopt;  // no samples (a radius that is not a number)
  auto sample = [&](float r) {
    const auto read = clear_grey(image, reflections, {e.cx + r * ray.dx, e.cy + r * ray.dy});
    return read ? *read : kUnusable;
  };
  // The step into the sample at `r` crosses the level upwards where both its ends are usable.
  auto crossing = [&](float prev, float cur, float r) -> std::optional<float> {
    if (prev == kUnusable || cur == kUnusable || prev >= level || cur < level) return std::nullopt;
    return r - kIsophoteStep + kIsophoteStep * (level - prev) / (cur - prev);
  };
  // Steps are looked at nearest the ellipse first, alternately outwards and inwards, until
  // every step left is farther from it than the best crossing: the border is usually within a
  // few steps, while the whole ray spans its radius. The margin covers the rounding of a
  // crossing's position within its step. `out` is the next step outwards (into sample `out`),
  // `in` the next inwards (into sample `in`), each with its sample's radius.
  constexpr float kMargin = 1e-3F;
  int out = 0;
  float r_out = radii.first();
  float r_in = r_out;
  while (radii.reaches(r_out) && r_out < radius) {
    r_in = r_out;
    r_out = IsophoteRadii::after(r_out);
    ++out;
  }
  if (out == 0) {
    r_out = IsophoteRadii::after(r_out);
    out = 1;
  }
  int in = out - 1;
  // The sample both first steps share, then the one each side has reached.
  const float shared = sample(r_in);
  float below_out = shared;
  float at_in = shared;
  float best = -1.0F;
  float best_gap = 0.0F;
  int best_step = 0;
  while (radii.reaches(r_out) || in >= 1) {
    const float out_gap = std::max(0.0F, r_out - kIsophoteStep - radius);
    const float in_gap = radius - r_in;
    const bool outwards = in < 1 || (radii.reaches(r_out) && out_gap <= in_gap);
    const float gap = outwards ? out_gap : in_gap;
    if (best >= 0.0F && gap > best_gap + kMargin) break;
    int j = 0;
    std::optional<float> cross;
    if (outwards) {
      const float cur = sample(r_out);
      cross = crossing(below_out, cur, r_out);
      below_out = cur;
      j = out++;
      r_out = IsophoteRadii::after(r_out);
    } else {
      const float r_below = radii.before(r_in, in);
      const float prev = sample(r_below);
      cross = crossing(prev, at_in, r_in);
      at_in = prev;
      j = in--;
      r_in = r_below;
    }
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
