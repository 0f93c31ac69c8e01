#include <cmath>
#include <numbers>
#include <set>

#include "pt/pupil/reflection_fill_rules.hpp"
#include "pt_catch.hpp"

namespace {

using pt::reflection_fill::border_sector;
using pt::reflection_fill::kMaxBorderSamples;

}  // namespace

TEST_CASE("border sectors start along +x and step through the quadrants in order") {
  CHECK(border_sector(1, 0) == 0);
  CHECK(border_sector(1, 1) == 6);
  CHECK(border_sector(0, 1) == 12);
  CHECK(border_sector(-1, 1) == 18);
  CHECK(border_sector(-1, 0) == 24);
  CHECK(border_sector(-1, -1) == 30);
  CHECK(border_sector(0, -1) == 36);
  CHECK(border_sector(1, -1) == 42);
  CHECK(border_sector(0, 0) == 0);
}

TEST_CASE("a border sector depends on the direction only") {
  for (int dy = -9; dy <= 9; ++dy) {
    for (int dx = -9; dx <= 9; ++dx) {
      for (int scale = 2; scale <= 7; ++scale) {
        CAPTURE(dx, dy, scale);
        REQUIRE(border_sector(scale * dx, scale * dy) == border_sector(dx, dy));
      }
    }
  }
}

TEST_CASE("going once around a circle meets every border sector once, in increasing order") {
  // Large enough that no point between the steps' half-way angles rounds onto the +x axis.
  constexpr double kRadius = 100000.0;
  constexpr int kSteps = 20000;
  std::set<int> met;
  int last = 0;
  for (int i = 0; i < kSteps; ++i) {
    const double a = 2.0 * std::numbers::pi * (i + 0.5) / kSteps;
    const int s = border_sector(static_cast<int>(std::lround(kRadius * std::cos(a))),
                                static_cast<int>(std::lround(kRadius * std::sin(a))));
    CAPTURE(i, s, last);
    REQUIRE(s >= 0);
    REQUIRE(s < kMaxBorderSamples);
    REQUIRE(s >= last);
    last = s;
    met.insert(s);
  }
  CHECK(static_cast<int>(met.size()) == kMaxBorderSamples);
}

TEST_CASE("a pixel's border sector is taken around the centre of the reflection's box") {
  // The box from (2, 2) to (3, 3) has its centre between its four pixels: offsets are doubled,
  // so that it is exact.
  CHECK(border_sector(2, 2, 2, 2, 3, 3) == border_sector(-1, -1));
  CHECK(border_sector(3, 2, 2, 2, 3, 3) == border_sector(1, -1));
  CHECK(border_sector(3, 3, 2, 2, 3, 3) == border_sector(1, 1));
  CHECK(border_sector(2, 3, 2, 2, 3, 3) == border_sector(-1, 1));
  // An odd box has a pixel at its centre.
  CHECK(border_sector(1, 1, 0, 0, 2, 2) == 0);
  CHECK(border_sector(1, 0, 0, 0, 2, 2) == border_sector(0, -1));
  CHECK(border_sector(0, 1, 0, 0, 2, 2) == border_sector(-1, 0));
}
