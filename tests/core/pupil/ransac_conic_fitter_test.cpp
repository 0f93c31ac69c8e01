#include "pt/pupil/ransac_conic_fitter.hpp"

#include <cmath>
#include <numbers>

#include "pt/random.hpp"
#include "pt_catch.hpp"

TEST_CASE("RANSAC ignores 40% outliers that would ruin a plain fit") {
  const auto model = GENERATE(pt::FitModel::Ellipse, pt::FitModel::Circle);
  const pt::Ellipse truth = model == pt::FitModel::Ellipse ? pt::Ellipse{160.0F, 120.0F, 30.0F, 24.0F, 0.5F}
                                                           : pt::Ellipse{160.0F, 120.0F, 27.0F, 27.0F, 0.0F};
  pt::SplitMix64 rng(42);
  std::vector<pt::Point2f> pts;
  const float c = std::cos(truth.angle_rad);
  const float s = std::sin(truth.angle_rad);
  for (int i = 0; i < 60; ++i) {
    const float t = 2.0F * std::numbers::pi_v<float> * rng.uniform01();
    const float u = truth.a * std::cos(t) + 0.6F * (rng.uniform01() - 0.5F);
    const float v = truth.b * std::sin(t) + 0.6F * (rng.uniform01() - 0.5F);
    pts.push_back({truth.cx + u * c - v * s, truth.cy + u * s + v * c});
  }
  for (int i = 0; i < 40; ++i) {  // lashes and lid edges: clustered on one side
    pts.push_back({100.0F + 120.0F * rng.uniform01(), 60.0F + 30.0F * rng.uniform01()});
  }
  const auto plain = pt::fit_model(pts, pt::FitModel::Ellipse);
  const bool plain_is_off = !plain || std::hypot(plain->cx - truth.cx, plain->cy - truth.cy) > 3.0F;
  CHECK(plain_is_off);

  {
    pt::RansacConicFitter ransac(pt::RansacParams{});
    std::vector<std::uint8_t> inlier;
    const auto fit = ransac.fit(pts, model, {5.0F, 100.0F, 1.6F}, inlier);
    REQUIRE(fit.has_value());
    CHECK(std::hypot(fit->ellipse.cx - truth.cx, fit->ellipse.cy - truth.cy) < 0.5F);
    int outliers_taken = 0;
    for (std::size_t i = 60; i < pts.size(); ++i) outliers_taken += inlier[i];
    CHECK(outliers_taken <= 3);
    CHECK(fit->inliers >= 57);
    CHECK(fit->ellipse.a == Approx(truth.a).margin(0.5));
    CHECK(fit->ellipse.b == Approx(truth.b).margin(0.5));
  }
}

TEST_CASE("RANSAC is deterministic and respects the radius range") {
  std::vector<pt::Point2f> pts;
  for (int i = 0; i < 40; ++i) {
    const float t = 2.0F * std::numbers::pi_v<float> * static_cast<float>(i) / 40.0F;
    pts.push_back({50.0F + 8.0F * std::cos(t), 50.0F + 8.0F * std::sin(t)});
  }
  pt::RansacConicFitter a(pt::RansacParams{});
  pt::RansacConicFitter b(pt::RansacParams{});
  std::vector<std::uint8_t> ia;
  std::vector<std::uint8_t> ib;
  const auto fa = a.fit(pts, pt::FitModel::Circle, {2.0F, 50.0F, 1.6F}, ia);
  const auto fb = b.fit(pts, pt::FitModel::Circle, {2.0F, 50.0F, 1.6F}, ib);
  REQUIRE(fa.has_value());
  REQUIRE(fb.has_value());
  CHECK(fa->ellipse.cx == fb->ellipse.cx);
  CHECK(ia == ib);
  CHECK_FALSE(a.fit(pts, pt::FitModel::Circle, {20.0F, 50.0F, 1.6F}, ia).has_value());  // radius 8 < 20
  CHECK_FALSE(a.fit(std::span<const pt::Point2f>(pts.data(), 4), pt::FitModel::Circle, {2.0F, 50.0F, 1.6F}, ia).has_value());
}
