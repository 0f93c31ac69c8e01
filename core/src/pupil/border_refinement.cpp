#include "pt/pupil/border_refinement.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <optional>

#include "pt/pupil/ray_sampling.hpp"

namespace pt {
namespace {

constexpr int kRingSamples = 48;
// The pupil's level from its inner part, clear of the border's blur even on small pupils.
constexpr std::array<float, 3> kInnerScales{0.2F, 0.4F, 0.6F};
// The iris's level from rings starting where the border's blur ends and as wide again.
constexpr std::array<float, 3> kOuterBlurMultiples{1.0F, 1.5F, 2.0F};
constexpr int kMinLevelSamples = kRingSamples / 2;

// Grey values on the ellipse scaled by `scale` and widened by `extra_px`, skipping samples on
// reflections or outside the image.
void sample_ring(CViewU8 image, CViewU8 reflections, const Ellipse& e, float scale, float extra_px,
                 std::vector<float>& out) {
  const float c = std::cos(e.angle_rad);
  const float s = std::sin(e.angle_rad);
  for (int k = 0; k < kRingSamples; ++k) {
    const float t = 2.0F * std::numbers::pi_v<float> * static_cast<float>(k) / kRingSamples;
    const float u = (e.a * scale + extra_px) * std::cos(t);
    const float v = (e.b * scale + extra_px) * std::sin(t);
    const float x = e.cx + u * c - v * s;
    const float y = e.cy + u * s + v * c;
    if (!inside_image(image, x, y) || marked(reflections, x, y)) continue;
    out.push_back(sample_bilinear(image, x, y));
  }
}

float median(std::vector<float>& v) {
  const auto mid = v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2);
  std::nth_element(v.begin(), mid, v.end());
  return *mid;
}

}  // namespace

std::optional<BorderLevels> measure_border_levels(CViewU8 image, CViewU8 reflections, const Ellipse& e,
                                                  float blur_px) {
  if (image.width < 2 || image.height < 2) return std::nullopt;
  // Called for every fit of every frame: buffers kept per thread (each eye lane has its own)
  // stop the rings from allocating and freeing the same memory frame after frame.
  thread_local std::vector<float> inner;
  thread_local std::vector<float> outer;
  inner.clear();
  outer.clear();
  for (const float scale : kInnerScales) sample_ring(image, reflections, e, scale, 0.0F, inner);
  for (const float m : kOuterBlurMultiples) sample_ring(image, reflections, e, 1.0F, m * blur_px, outer);
  if (static_cast<int>(inner.size()) < kMinLevelSamples || static_cast<int>(outer.size()) < kMinLevelSamples) {
    return std::nullopt;
  }
  return BorderLevels{median(inner), median(outer)};
}

std::optional<float> border_rise_px(CViewU8 image, CViewU8 reflections, const Ellipse& e,
                                    const BorderLevels& levels) {
  if (image.width < 2 || image.height < 2) return std::nullopt;
  constexpr int kRays = 32;
  constexpr float kReach = 1.5F;  // profile out to this multiple of the radius
  const float step = 0.5F / std::sqrt(e.a * e.b);  // half a pixel, as a share of the radius
  const auto bins = static_cast<std::size_t>(kReach / step) + 1;
  const float c = std::cos(e.angle_rad);
  const float s = std::sin(e.angle_rad);
  thread_local std::vector<float> samples;  // per thread, as in measure_border_levels
  std::optional<float> quarter;
  const float low = levels.inside + 0.25F * (levels.outside - levels.inside);
  const float high = levels.inside + 0.75F * (levels.outside - levels.inside);
  for (std::size_t i = 0; i < bins; ++i) {
    const float rho = static_cast<float>(i) * step;
    samples.clear();
    for (int k = 0; k < kRays; ++k) {
      const float t = 2.0F * std::numbers::pi_v<float> * static_cast<float>(k) / kRays;
      const float u = rho * e.a * std::cos(t);
      const float v = rho * e.b * std::sin(t);
      const float x = e.cx + u * c - v * s;
      const float y = e.cy + u * s + v * c;
      if (!inside_image(image, x, y) || marked(reflections, x, y)) continue;
      samples.push_back(sample_bilinear(image, x, y));
    }
    if (samples.size() < kRays / 2) continue;
    const float grey = median(samples);
    if (!quarter && grey >= low) quarter = rho;
    if (quarter && grey >= high) return (rho - *quarter) * std::sqrt(e.a * e.b);
  }
  return std::nullopt;
}

void trace_isophote(CViewU8 image, CViewU8 reflections, const Ellipse& e, float level, int rays,
                    std::vector<Point2f>& points) {
  points.clear();
  if (image.width < 2 || image.height < 2) return;
  constexpr float kStep = 0.5F;  // along the ray, pixels
  constexpr float kUnread = -2.0F;
  constexpr float kUnusable = -1.0F;  // outside the image or on a reflection
  const float c = std::cos(e.angle_rad);
  const float s = std::sin(e.angle_rad);
  // Per thread, as in measure_border_levels.
  thread_local std::vector<float> radii;
  thread_local std::vector<float> grey;
  for (int k = 0; k < rays; ++k) {
    // Evenly spaced in the ellipse's own angle, so an oblique pupil's border is evenly covered.
    const float t = 2.0F * std::numbers::pi_v<float> * static_cast<float>(k) / static_cast<float>(rays);
    const float u = e.a * std::cos(t);
    const float v = e.b * std::sin(t);
    const float ex = u * c - v * s;
    const float ey = u * s + v * c;
    const float radius = std::hypot(ex, ey);
    const float dx = ex / radius;
    const float dy = ey / radius;
    // The sample positions are those of a walk out from half the radius, so that the crossing
    // found does not depend on the order in which the steps are looked at.
    radii.clear();
    for (float r = 0.5F * radius; r <= 1.5F * radius; r += kStep) radii.push_back(r);
    const int n = static_cast<int>(radii.size());
    grey.assign(radii.size(), kUnread);
    auto sample = [&](int j) {
      float& g = grey[static_cast<std::size_t>(j)];
      if (g == kUnread) {
        const float x = e.cx + radii[static_cast<std::size_t>(j)] * dx;
        const float y = e.cy + radii[static_cast<std::size_t>(j)] * dy;
        g = !inside_image(image, x, y) || marked(reflections, x, y) ? kUnusable : sample_bilinear(image, x, y);
      }
      return g;
    };
    // The step into sample j crosses the level upwards where both its ends are usable.
    auto crossing = [&](int j) -> std::optional<float> {
      const float prev = sample(j - 1);
      const float cur = sample(j);
      if (prev == kUnusable || cur == kUnusable || prev >= level || cur < level) return std::nullopt;
      return radii[static_cast<std::size_t>(j)] - kStep + kStep * (level - prev) / (cur - prev);
    };
    // Steps are looked at nearest the ellipse first, alternately outwards and inwards, until
    // every step left is farther from it than the best crossing: the border is usually within a
    // few steps, while the whole ray spans its radius. The margin covers the rounding of a
    // crossing's position within its step.
    constexpr float kMargin = 1e-3F;
    std::size_t first_out = 0;
    while (first_out < radii.size() && radii[first_out] < radius) ++first_out;
    int out = std::max(1, static_cast<int>(first_out));
    int in = out - 1;
    auto out_gap = [&] { return std::max(0.0F, radii[static_cast<std::size_t>(out)] - kStep - radius); };
    auto in_gap = [&] { return radius - radii[static_cast<std::size_t>(in)]; };
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
    if (best >= 0.0F) points.push_back({e.cx + best * dx, e.cy + best * dy});
  }
}

}  // namespace pt
