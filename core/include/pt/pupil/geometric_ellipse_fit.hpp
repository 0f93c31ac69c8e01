#pragma once
// The ellipse nearest to points in the geometric sense (least squares of the distances measured
// along the rays from the centre), refined from a starting ellipse by Levenberg-Marquardt. The
// algebraic fits minimise a quantity that weighs points unevenly around the border, so with part
// of the border missing (a glint, a lid) their centre drifts; the geometric one does not. The
// arithmetic, shared with the GPU search, is in geometric_fit_math.hpp.
#include <optional>
#include <span>

#include "pt/geometry.hpp"

namespace pt {

// Nothing when fewer than five points are given or the refinement degenerates.
[[nodiscard]] std::optional<Ellipse> refine_ellipse_geometric(std::span<const Point2f> points, const Ellipse& start);

}  // namespace pt
