#include "pt/pupil/border_refinement.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

#include "pt/pupil/border_sampling.hpp"

namespace pt {
namespace {

using namespace border_levels_rules;

// Grey values on the ellipse scaled by `scale` and widened by `extra_px`, skipping samples on
// reflections or outside the image.
void sample_ring(CViewU8 image, CViewU8 reflections, const EllipseFrame& f, float scale, float extra_px,
                 std::vector<float>& out) {
  for (int k = 0; k < kRingSamples; ++k) {
    if (const auto g = clear_grey(image, reflections, ring_point(f, scale, extra_px, spread_angle(k, kRingSamples)))) {
      out.push_back(*g);
    }
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
  const EllipseFrame f = ellipse_frame(e);
  for (const float scale : kInnerScales) sample_ring(image, reflections, f, scale, 0.0F, inner);
  for (const float m : kOuterBlurMultiples) sample_ring(image, reflections, f, 1.0F, m * blur_px, outer);
  if (static_cast<int>(inner.size()) < kMinLevelSamples || static_cast<int>(outer.size()) < kMinLevelSamples) {
    return std::nullopt;
  }
  return BorderLevels{median(inner), median(outer)};
}

std::optional<float> border_rise_px(CViewU8 image, CViewU8 reflections, const Ellipse& e,
                                    const BorderLevels& levels) {
  if (image.width < 2 || image.height < 2) return std::nullopt;
  using namespace border_rise_rules;
  const float step = bin_step(e);  // half a pixel, as a share of the radius
  const auto n_bins = static_cast<std::size_t>(bins(e));
  const EllipseFrame f = ellipse_frame(e);
  thread_local std::vector<float> samples;  // per thread, as in measure_border_levels
  std::optional<float> quarter;
  const float low = levels.inside + 0.25F * (levels.outside - levels.inside);
  const float high = levels.inside + 0.75F * (levels.outside - levels.inside);
  for (std::size_t i = 0; i < n_bins; ++i) {
    const float rho = static_cast<float>(i) * step;
    samples.clear();
    for (int k = 0; k < kRays; ++k) {
      if (const auto g = clear_grey(image, reflections, ring_point(f, rho, 0.0F, spread_angle(k, kRays)))) {
        samples.push_back(*g);
      }
    }
    if (samples.size() < kRays / 2) continue;
    const float grey = median(samples);
    if (!quarter && grey >= low) quarter = rho;
    if (quarter && grey >= high) return (rho - *quarter) * std::sqrt(e.a * e.b);
  }
  return std::nullopt;
}

bool rises_in_two_steps(CViewU8 image, CViewU8 reflections, const Ellipse& e, float blur_px) {
  const auto levels = measure_border_levels(image, reflections, e, blur_px);
  if (!levels || levels->outside <= levels->inside) return true;
  const auto rise = border_rise_px(image, reflections, e, *levels);
  return border_rise_rules::two_step(rise.has_value(), rise.value_or(0.0F), blur_px);
}

void trace_isophote(CViewU8 image, CViewU8 reflections, const Ellipse& e, float level, int rays,
                    std::vector<Point2f>& points) {
  points.clear();
  if (image.width < 2 || image.height < 2) return;
  const EllipseFrame f = ellipse_frame(e);
  for (int k = 0; k < rays; ++k) {
    // Evenly spaced in the ellipse's own angle, so an oblique pupil's border is evenly covered.
    if (const auto p = isophote_crossing(image, reflections, e, isophote_ray(f, spread_angle(k, rays)), level)) {
      points.push_back(*p);
    }
  }
}

}  // namespace pt
