#pragma once
// How much to believe a fitted ellipse. A real pupil is a dark disc whose whole border shows
// edges; a fit through a closed lid, lashes or iris texture has sparse support or no contrast.
#include <algorithm>
#include <cstdint>
#include <span>

#include "pt/geometry.hpp"
#include "pt/host_device.hpp"
#include "pt/image.hpp"

namespace pt {

// Share (0..1) of equal angular sectors around the ellipse centre that hold an inlier edge,
// among the sectors not hidden by pixels marked in `reflections` (may be empty).
[[nodiscard]] float border_support(const Ellipse& e, std::span<const Point2f> edges,
                                   std::span<const std::uint8_t> inlier, CViewU8 reflections = {});

struct DarkDisc {
  float inside = 0.0F;         // mean grey inside
  float contrast = 0.0F;       // mean grey of a ring just outside minus the mean inside
  float dark_fraction = 0.0F;  // share of inside samples clearly darker than the outside ring
};

// The sensor noise (standard deviation, grey levels) over the inner half of the ellipse, from
// the differences between horizontal neighbours, which leave out the pupil's slow shading.
// `image` is the unsmoothed one; pixels marked in `reflections` are left out. 0 when the inner
// half holds too few pixels to tell.
[[nodiscard]] float estimate_noise(CViewU8 image, CViewU8 reflections, const Ellipse& e);

// A pupil is dark all over its inside; a fit through lashes on a closed lid is not. Inside
// samples count as dark when they are below the outside's mean by two `contrast_unit`s. Samples
// on pixels marked in `reflections` (may be empty) are left out.
[[nodiscard]] DarkDisc measure_dark_disc(CViewU8 image, CViewU8 reflections, const Ellipse& e, float contrast_unit);

// A contrast unit is never less than one grey level, the finest step the image can show.
[[nodiscard]] PT_HOST_DEVICE inline float floored_unit(float contrast_unit) noexcept {
  return std::max(contrast_unit, 1.0F);
}

// Support scaled by how clearly and how uniformly the inside is darker than the outside, in
// units of `contrast_unit` (the noise: what a contrast must clear to mean anything).
[[nodiscard]] PT_HOST_DEVICE inline float pupil_confidence(float support, const DarkDisc& disc,
                                                           float contrast_unit) noexcept {
  // Full credit from three units of contrast on; none at or below one.
  const float t = floored_unit(contrast_unit);
  const float contrast_factor = std::clamp((disc.contrast - t) / (2.0F * t), 0.0F, 1.0F);
  return std::clamp(support, 0.0F, 1.0F) * contrast_factor * disc.dark_fraction;
}

}  // namespace pt
