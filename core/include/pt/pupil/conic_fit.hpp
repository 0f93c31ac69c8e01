#pragma once
// Least-squares circle and ellipse fits to edge points: Taubin's algebraic circle fit and the
// numerically stable form of the direct ellipse-specific fit (Fitzgibbon; Halir and Flusser).
// The arithmetic lives in conic_fit_math.hpp, shared with the GPU search.
#include <optional>
#include <span>

#include "pt/geometry.hpp"
#include "pt/pupil/conic_fit_math.hpp"

namespace pt {

// Returns nothing for degenerate input (fewer than 3 points, collinear points).
std::optional<Ellipse> fit_circle_taubin(std::span<const Point2f> points);

// Returns nothing for fewer than 5 points or when no ellipse fits (degenerate conic).
std::optional<Ellipse> fit_ellipse_direct(std::span<const Point2f> points);

}  // namespace pt
