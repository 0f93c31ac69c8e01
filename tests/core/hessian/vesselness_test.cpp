// Vesselness and blob maps on synthetic images whose ridges and spots are known.
#include <cmath>
#include <numbers>
#include <random>
#include <vector>

#include "pt/hessian/hessian_maps.hpp"
#include "pt/parallel_for.hpp"
#include "pt_catch.hpp"
#include "roc.hpp"

using pt::hessian::Polarity;

namespace {

struct Segment {
  double x0, y0, x1, y1;
  double half_width;
};

double distance_to_segment(const Segment& s, double x, double y) {
  const double dx = s.x1 - s.x0;
  const double dy = s.y1 - s.y0;
  const double t = std::clamp(((x - s.x0) * dx + (y - s.y0) * dy) / (dx * dx + dy * dy), 0.0, 1.0);
  return std::hypot(x - (s.x0 + t * dx), y - (s.y0 + t * dy));
}

// Dark straight vessels of several widths and directions on a bright, slowly shaded background
// with sensor noise; truth: the pixels within each vessel's half width of its axis.
struct VesselScene {
  pt::Image<float> image;
  pt::Image<std::uint8_t> truth;
  pt::Image<std::uint8_t> far;  // beyond three half widths of every vessel: plain background
};

VesselScene make_vessel_scene(int w, int h) {
  const std::vector<Segment> vessels = {
      {20, 30, 380, 60, 1.5}, {40, 280, 360, 120, 3.0}, {200, 10, 230, 290, 2.0}, {60, 20, 140, 290, 5.0},
      {300, 200, 390, 290, 1.0}};
  VesselScene s{pt::Image<float>(w, h), pt::Image<std::uint8_t>(w, h, 0), pt::Image<std::uint8_t>(w, h, 1)};
  std::mt19937 rng(17);
  std::normal_distribution<float> noise(0.0F, 3.0F);
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      double v = 180.0 + 30.0 * std::sin(x / 90.0) * std::cos(y / 70.0);
      for (const Segment& seg : vessels) {
        const double d = distance_to_segment(seg, x, y);
        // A Gaussian cross-section, 50 grey levels deep, whose half width is seg.half_width.
        v -= 50.0 * std::exp(-d * d / (2.0 * seg.half_width * seg.half_width));
        if (d <= seg.half_width) s.truth.at(x, y) = 1;
        if (d <= 3.0 * seg.half_width) s.far.at(x, y) = 0;
      }
      s.image.at(x, y) = static_cast<float>(v) + noise(rng);
    }
  }
  return s;
}

pt::test::ScoredPixels score(const pt::Image<float>& map, const pt::Image<std::uint8_t>& truth) {
  pt::test::ScoredPixels p;
  for (int y = 0; y < map.height(); ++y) {
    for (int x = 0; x < map.width(); ++x) {
      p.scores.push_back(map.at(x, y));
      p.positive.push_back(truth.at(x, y));
    }
  }
  return p;
}

}  // namespace

TEST_CASE("multi-scale vesselness finds dark vessels of every width on a shaded, noisy background") {
  const VesselScene scene = make_vessel_scene(400, 300);
  pt::ParallelFor pool(2);
  const std::vector<double> scales = {1.0, 2.0, 3.0, 5.0};
  const pt::Image<float> dark = pt::hessian::vesselness_map(scene.image.view(), scales, {}, &pool);
  const double auc = pt::test::roc_auc(score(dark, scene.truth));
  WARN("synthetic vessels: ROC AUC " << auc);
  CHECK(auc > 0.97);
  // On each vessel's axis the response stands far above the background's typical response.
  std::vector<float> background;
  for (int y = 0; y < 300; ++y) {
    for (int x = 0; x < 400; ++x) {
      if (scene.far.at(x, y) != 0) background.push_back(dark.at(x, y));
    }
  }
  std::nth_element(background.begin(), background.begin() + background.size() * 99 / 100, background.end());
  const float background_p99 = background[background.size() * 99 / 100];
  CHECK(dark.at(215, 150) > 3.0F * background_p99);  // on the 2 px vessel
  CHECK(dark.at(100, 155) > 3.0F * background_p99);  // on the 5 px vessel
  // The same vessels are no bright ridges.
  pt::hessian::VesselnessParams bright;
  bright.polarity = Polarity::Bright;
  const pt::Image<float> wrong = pt::hessian::vesselness_map(scene.image.view(), scales, bright, &pool);
  CHECK(wrong.at(215, 150) == 0.0F);
  CHECK(wrong.at(100, 155) == 0.0F);
}

TEST_CASE("the pool changes nothing in the maps") {
  const VesselScene scene = make_vessel_scene(120, 80);
  pt::ParallelFor pool(3);
  const std::vector<double> scales = {1.5, 3.0};
  const pt::Image<float> one = pt::hessian::vesselness_map(scene.image.view(), scales, {}, nullptr);
  const pt::Image<float> many = pt::hessian::vesselness_map(scene.image.view(), scales, {}, &pool);
  const pt::Image<float> blob_one = pt::hessian::blob_map(scene.image.view(), scales, Polarity::Dark, nullptr);
  const pt::Image<float> blob_many = pt::hessian::blob_map(scene.image.view(), scales, Polarity::Dark, &pool);
  int differing = 0;
  for (int y = 0; y < 80; ++y) {
    for (int x = 0; x < 120; ++x) {
      differing += one.at(x, y) != many.at(x, y) || blob_one.at(x, y) != blob_many.at(x, y);
    }
  }
  CHECK(differing == 0);
}

TEST_CASE("the bright blob map peaks on bright spots at their scale, not on a bright line") {
  pt::Image<float> img(200, 120, 50.0F);
  for (int y = 0; y < 120; ++y) {
    for (int x = 0; x < 200; ++x) {
      const double spot = std::hypot(x - 50.0, y - 60.0);
      const double line = std::abs(y - 30.0);
      img.at(x, y) += static_cast<float>(150.0 * std::exp(-spot * spot / (2.0 * 3.0 * 3.0)));
      if (x > 100) img.at(x, y) += static_cast<float>(150.0 * std::exp(-line * line / (2.0 * 3.0 * 3.0)));
    }
  }
  const std::vector<double> scales = {1.0, 2.0, 3.0, 4.0};
  const pt::Image<float> blobs = pt::hessian::blob_map(img.view(), scales, Polarity::Bright);
  CHECK(blobs.at(50, 60) > 20.0F);
  CHECK(blobs.at(150, 30) < 0.05F * blobs.at(50, 60));
  CHECK(pt::hessian::blob_map(img.view(), scales, Polarity::Dark).at(50, 60) == 0.0F);
}

TEST_CASE("maps refuse an empty scale list or a scale out of range") {
  const pt::Image<float> img(10, 10, 1.0F);
  CHECK_THROWS_AS(pt::hessian::blob_map(img.view(), {}, Polarity::Bright), std::invalid_argument);
  const std::vector<double> bad = {1.0, 100.0};
  CHECK_THROWS_AS(pt::hessian::vesselness_map(img.view(), bad, {}), std::invalid_argument);
  pt::hessian::VesselnessParams zero_beta;
  zero_beta.beta = 0.0;
  const std::vector<double> one = {1.0};
  CHECK_THROWS_AS(pt::hessian::vesselness_map(img.view(), one, zero_beta), std::invalid_argument);
}

TEST_CASE("a flat image has no vessels and no blobs") {
  const pt::Image<float> img(40, 30, 77.0F);
  const std::vector<double> scales = {1.0, 2.0};
  const pt::Image<float> v = pt::hessian::vesselness_map(img.view(), scales, {});
  const pt::Image<float> b = pt::hessian::blob_map(img.view(), scales, Polarity::Bright);
  float largest = 0.0F;
  for (int y = 0; y < 30; ++y) {
    for (int x = 0; x < 40; ++x) largest = std::max({largest, v.at(x, y), b.at(x, y)});
  }
  CHECK(largest == 0.0F);
}
