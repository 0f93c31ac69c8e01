#include "pt/pupil/geometric_ellipse_fit.hpp"

#include <cmath>
#include <numbers>
#include <vector>

#include "pt/random.hpp"
#include "pt_catch.hpp"

namespace {

// Points on `e` over the share `arc` of its border (from angle 0), each moved along its ray by
// up to `noise` pixels.
std::vector<pt::Point2f> border_points(const pt::Ellipse& e, float arc, float noise, int count) {
  pt::SplitMix64 rng(11);
  std::vector<pt::Point2f> points;
  const float c = std::cos(e.angle_rad);
  const float s = std::sin(e.angle_rad);
  for (int k = 0; k < count; ++k) {
    const float t = 2.0F * std::numbers::pi_v<float> * arc * static_cast<float>(k) / static_cast<float>(count);
    const float stretch = 1.0F + noise * (2.0F * rng.uniform01() - 1.0F) / e.b;
    const float u = e.a * std::cos(t) * stretch;
    const float v = e.b * std::sin(t) * stretch;
    points.push_back({e.cx + u * c - v * s, e.cy + u * s + v * c});
  }
  return points;
}

}  // namespace

TEST_CASE("the geometric refinement finds an ellipse from part of its border") {
  const pt::Ellipse truth{61.3F, 48.7F, 27.0F, 21.5F, 0.4F};
  const auto points = border_points(truth, 0.6F, 0.3F, 60);
  const pt::Ellipse start{62.5F, 47.5F, 25.5F, 22.5F, 0.5F};
  const auto refined = pt::refine_ellipse_geometric(points, start);
  REQUIRE(refined.has_value());
  CHECK(std::hypot(refined->cx - truth.cx, refined->cy - truth.cy) < 0.2F);
  CHECK(refined->a == Approx(truth.a).margin(0.2));
  CHECK(refined->b == Approx(truth.b).margin(0.2));
}

TEST_CASE("the geometric refinement needs five points") {
  const pt::Ellipse e{10.0F, 10.0F, 5.0F, 4.0F, 0.0F};
  CHECK_FALSE(pt::refine_ellipse_geometric(border_points(e, 1.0F, 0.0F, 4), e).has_value());
}
