#pragma once
// How much to believe a fitted ellipse. A real pupil is a dark disc whose whole border shows
// edges; a fit through a closed lid, lashes or iris texture has sparse support or no contrast.
#include <cstdint>
#include <span>

#include "pt/geometry.hpp"
#include "pt/image.hpp"

namespace pt {

// Share (0..1) of equal angular sectors around the ellipse centre that hold an inlier edge.
[[nodiscard]] float border_support(const Ellipse& e, std::span<const Point2f> edges,
                                   std::span<const std::uint8_t> inlier);

// Mean grey of a ring just outside the ellipse minus the mean inside it (positive: dark pupil).
[[nodiscard]] float dark_contrast(CViewU8 image, const Ellipse& e);

// Support scaled by how clearly the inside is darker than the outside, relative to the edge
// threshold the detector used.
[[nodiscard]] float pupil_confidence(float support, float contrast, float edge_threshold);

}  // namespace pt
