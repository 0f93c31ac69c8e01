#include <cmath>
#include <numbers>
#include <vector>

#include "pt/pupil/pupil_confidence.hpp"
#include "pt_catch.hpp"

namespace {

constexpr int kSectors = 36;
const pt::Ellipse kCircle{50.0F, 50.0F, 20.0F, 20.0F, 0.0F};

// A point on the circle in the middle of support sector `s` (sector 0 starts at angle -pi).
pt::Point2f border_point(int s) {
  const double t = 2.0 * std::numbers::pi * (s + 0.5) / kSectors - std::numbers::pi;
  return {static_cast<float>(50.0 + 20.0 * std::cos(t)), static_cast<float>(50.0 + 20.0 * std::sin(t))};
}

// Marks a 3 x 3 square on the border of sector `s`; the middles of neighbouring sectors are
// 3.5 px away, out of its reach.
void hide(pt::ImageU8& mask, int s) {
  const pt::Point2f p = border_point(s);
  const int cx = static_cast<int>(std::lround(p.x));
  const int cy = static_cast<int>(std::lround(p.y));
  for (int y = cy - 1; y <= cy + 1; ++y) {
    for (int x = cx - 1; x <= cx + 1; ++x) mask.view().at(x, y) = 255;
  }
}

struct Edges {
  std::vector<pt::Point2f> points;
  std::vector<std::uint8_t> inlier;
  void add(int s) {
    points.push_back(border_point(s));
    inlier.push_back(1);
  }
};

}  // namespace

TEST_CASE("border support counts the sectors holding an inlier") {
  Edges edges;
  for (int s = 0; s < kSectors; s += 2) edges.add(s);
  edges.points.push_back(border_point(1));
  edges.inlier.push_back(0);  // an outlier holds no sector
  CHECK(pt::border_support(kCircle, edges.points, edges.inlier) == 0.5F);
}

TEST_CASE("bare sectors under a reflection are left out of the support, held ones still count") {
  Edges edges;
  for (int s = 0; s < 30; ++s) edges.add(s);
  pt::ImageU8 mask(100, 100, 0);
  CHECK(pt::border_support(kCircle, edges.points, edges.inlier, mask.view()) == 30.0F / 36.0F);
  for (int s = 28; s < 34; ++s) hide(mask, s);  // two held sectors, four bare ones
  CHECK(pt::border_support(kCircle, edges.points, edges.inlier, mask.view()) == 30.0F / 32.0F);
  CHECK(pt::border_support(kCircle, edges.points, edges.inlier) == 30.0F / 36.0F);
}

TEST_CASE("a border hidden over more than half is judged over half of it") {
  Edges edges;
  for (int s = 0; s < 10; ++s) edges.add(s);
  pt::ImageU8 mask(100, 100, 0);
  for (int s = 10; s < kSectors; ++s) hide(mask, s);
  CHECK(pt::border_support(kCircle, edges.points, edges.inlier, mask.view()) == 10.0F / 18.0F);
}

TEST_CASE("a mark off the border hides nothing") {
  Edges edges;
  for (int s = 0; s < 30; ++s) edges.add(s);
  pt::ImageU8 mask(100, 100, 0);
  for (int y = 45; y < 55; ++y) {
    for (int x = 45; x < 55; ++x) mask.view().at(x, y) = 255;  // a glint in the pupil's middle
  }
  CHECK(pt::border_support(kCircle, edges.points, edges.inlier, mask.view()) == 30.0F / 36.0F);
}
