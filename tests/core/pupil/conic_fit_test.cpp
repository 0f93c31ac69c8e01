#include "pt/pupil/conic_fit.hpp"

#include <cmath>
#include <numbers>
#include <vector>

#include "pt/random.hpp"
#include "pt_catch.hpp"

namespace {

std::vector<pt::Point2f> points_on(const pt::Ellipse& e, int n, float noise, std::uint64_t seed, float arc = 1.0F) {
  pt::SplitMix64 rng(seed);
  std::vector<pt::Point2f> pts;
  const float c = std::cos(e.angle_rad);
  const float s = std::sin(e.angle_rad);
  for (int i = 0; i < n; ++i) {
    const float t = arc * 2.0F * std::numbers::pi_v<float> * static_cast<float>(i) / static_cast<float>(n);
    const float u = e.a * std::cos(t) + noise * (rng.uniform01() - 0.5F);
    const float v = e.b * std::sin(t) + noise * (rng.uniform01() - 0.5F);
    pts.push_back({e.cx + u * c - v * s, e.cy + u * s + v * c});
  }
  return pts;
}

float angle_diff(float a, float b) {
  float d = std::fmod(std::abs(a - b), std::numbers::pi_v<float>);
  return std::min(d, std::numbers::pi_v<float> - d);
}

}  // namespace

TEST_CASE("Taubin circle fit recovers a noisy circle") {
  const pt::Ellipse truth{312.4F, 207.9F, 41.3F, 41.3F, 0.0F};
  const auto pts = points_on(truth, 60, 1.0F, 3);
  const auto fit = pt::fit_circle_taubin(pts);
  REQUIRE(fit.has_value());
  CHECK(fit->cx == Approx(truth.cx).margin(0.2));
  CHECK(fit->cy == Approx(truth.cy).margin(0.2));
  CHECK(fit->a == Approx(truth.a).margin(0.2));
}

TEST_CASE("Taubin circle fit refuses collinear points") {
  std::vector<pt::Point2f> line{{0, 0}, {1, 1}, {2, 2}, {3, 3}};
  CHECK_FALSE(pt::fit_circle_taubin(line).has_value());
}

TEST_CASE("direct ellipse fit recovers centre, axes and angle") {
  const float angle = GENERATE(0.0F, 0.4F, 1.2F, 2.8F);
  const pt::Ellipse truth{100.5F, 80.25F, 36.0F, 24.0F, angle};
  const auto pts = points_on(truth, 80, 0.8F, 5);
  const auto fit = pt::fit_ellipse_direct(pts);
  REQUIRE(fit.has_value());
  CHECK(fit->cx == Approx(truth.cx).margin(0.2));
  CHECK(fit->cy == Approx(truth.cy).margin(0.2));
  CHECK(fit->a == Approx(truth.a).margin(0.3));
  CHECK(fit->b == Approx(truth.b).margin(0.3));
  CHECK(angle_diff(fit->angle_rad, truth.angle_rad) < 0.02F);
}

TEST_CASE("direct ellipse fit through exactly five points") {
  const pt::Ellipse truth{10.0F, -5.0F, 7.0F, 4.0F, 0.3F};
  const auto pts = points_on(truth, 5, 0.0F, 1);
  const auto fit = pt::fit_ellipse_direct(pts);
  REQUIRE(fit.has_value());
  CHECK(fit->cx == Approx(truth.cx).margin(1e-3));
  CHECK(fit->cy == Approx(truth.cy).margin(1e-3));
  CHECK(fit->a == Approx(truth.a).margin(1e-3));
  CHECK(fit->b == Approx(truth.b).margin(1e-3));
}

TEST_CASE("ellipse fit on a partial arc still finds the centre") {
  const pt::Ellipse truth{200.0F, 150.0F, 30.0F, 27.0F, 0.7F};
  const auto pts = points_on(truth, 50, 0.3F, 9, 0.6F);  // 216 degrees of border
  const auto fit = pt::fit_ellipse_direct(pts);
  REQUIRE(fit.has_value());
  CHECK(std::hypot(fit->cx - truth.cx, fit->cy - truth.cy) < 0.5F);
}

TEST_CASE("radial distance is zero on the border and grows off it") {
  const pt::RadialDistance d(pt::Ellipse{0.0F, 0.0F, 10.0F, 5.0F, 0.0F});
  CHECK(d({10.0F, 0.0F}) == Approx(0.0F).margin(1e-5));
  CHECK(d({0.0F, 5.0F}) == Approx(0.0F).margin(1e-5));
  CHECK(d({12.0F, 0.0F}) == Approx(2.0F).margin(1e-4));
  CHECK(d({0.0F, 2.0F}) == Approx(3.0F).margin(1e-4));
  // Turned a quarter: the long axis now runs along y.
  const pt::RadialDistance turned(pt::Ellipse{1.0F, 1.0F, 10.0F, 5.0F, 1.5707964F});
  CHECK(turned({1.0F, 11.0F}) == Approx(0.0F).margin(1e-4));
  CHECK(turned({7.0F, 1.0F}) == Approx(1.0F).margin(1e-4));
}
