#pragma once
// The final placement of the pupil's border. Blur spreads the border over a few pixels, and at
// the low contrasts of real infrared eyes (a handful of grey levels) the gradient's peak on that
// ramp is at the mercy of noise and iris texture. The grey midway between the pupil's level and
// the iris's just outside the blur marks the same place under a symmetric blur and is read from
// grey values alone: rays from the fitted centre find that isophote near the fitted border.
#include <optional>
#include <vector>

#include "pt/geometry.hpp"
#include "pt/image.hpp"

namespace pt {

struct BorderLevels {
  float inside = 0.0F;   // median grey over the inner part of the ellipse
  float outside = 0.0F;  // median grey of a ring just beyond the border's blur
};

// `blur_px` is how far the border's blur reaches beyond it (smoothing included). Nothing when
// too few pixels clear of reflections and the image's edge are left to measure.
[[nodiscard]] std::optional<BorderLevels> measure_border_levels(CViewU8 image, CViewU8 reflections, const Ellipse& e,
                                                                float blur_px);

// Over how many pixels the grey rises from a quarter to three quarters of the way from
// `levels.inside` to `levels.outside`, on the median radial profile of the ellipse (rays spread
// around it, distances scaled to its radius in each direction). A single blurred border rises
// within the blur; an ellipse around the iris rises at the pupil's border and again at its own.
// Nothing when the profile does not rise that far.
[[nodiscard]] std::optional<float> border_rise_px(CViewU8 image, CViewU8 reflections, const Ellipse& e,
                                                  const BorderLevels& levels);

// Whether the grey across `e` rises in two steps (or not at all): the ellipse found is then
// the iris around a darker pupil rather than the pupil, whose grey rises once, within the blur
// `blur_px`. True as well when the levels cannot be measured or do not rise.
[[nodiscard]] bool rises_in_two_steps(CViewU8 image, CViewU8 reflections, const Ellipse& e, float blur_px);

// Replaces `points` with, on each of `rays` rays from the ellipse's centre (evenly spread
// around its border), the upward crossing of `level` nearest to the ellipse within half its
// radius either side of it. Rays whose crossing touches a reflection contribute nothing.
void trace_isophote(CViewU8 image, CViewU8 reflections, const Ellipse& e, float level, int rays,
                    std::vector<Point2f>& points);

}  // namespace pt
