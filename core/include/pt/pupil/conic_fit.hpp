#pragma once
// Least-squares circle and ellipse fits to edge points: Taubin's algebraic circle fit and the
// numerically stable form of the direct ellipse-specific fit (Fitzgibbon; Halir and Flusser).
#include <optional>
#include <span>

#include "pt/geometry.hpp"

namespace pt {

// Returns nothing for degenerate input (fewer than 3 points, collinear points).
std::optional<Ellipse> fit_circle_taubin(std::span<const Point2f> points);

// Returns nothing for fewer than 5 points or when no ellipse fits (degenerate conic).
std::optional<Ellipse> fit_ellipse_direct(std::span<const Point2f> points);

// Distance from a point to the ellipse measured along the ray from its centre: close to the
// true geometric distance for the near-circular shapes of pupils, and cheap enough to vote
// with. The rotation is prepared once per ellipse, since votes test many points against one.
class RadialDistance {
 public:
  explicit RadialDistance(const Ellipse& e) noexcept;
  [[nodiscard]] float operator()(Point2f p) const noexcept;

 private:
  Ellipse e_;
  float cos_ = 1.0F;
  float sin_ = 0.0F;
  float inv_a2_ = 0.0F;
  float inv_b2_ = 0.0F;
};

}  // namespace pt
