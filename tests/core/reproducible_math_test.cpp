// pt/reproducible_math.hpp against the C library: the functions are ours so that the CPU and the
// GPU round alike, but they must be as accurate as the library's, to a few units in the last
// place, with the library's signs and special cases.
#include "pt/reproducible_math.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <numbers>

#include "pt/random.hpp"
#include "pt_catch.hpp"

namespace {

// Units in the last place between two doubles of the same sign.
std::int64_t ulps_apart(double a, double b) {
  if (a == b) return 0;
  if (std::signbit(a) != std::signbit(b)) return std::numeric_limits<std::int64_t>::max();
  return std::llabs(std::bit_cast<std::int64_t>(a) - std::bit_cast<std::int64_t>(b));
}

struct Arguments {
  pt::SplitMix64 random{0xacc0'4a7eULL};
  double unit() { return static_cast<double>(random.next() >> 11) * 0x1.0p-53; }
  double uniform(double lo, double hi) { return lo + (hi - lo) * unit(); }
  double any_magnitude() { return (unit() < 0.5 ? -1.0 : 1.0) * std::pow(10.0, uniform(-300.0, 300.0)); }
};

constexpr int kSamples = 300'000;

}  // namespace

TEST_CASE("sin and cos are within one unit in the last place of the C library's") {
  Arguments args;
  std::int64_t worst = 0;
  for (int i = 0; i < kSamples; ++i) {
    // Angles of every use: rays and ellipse angles, and the cubic's roots, up to a few turns.
    const double x = args.uniform(-30.0, 30.0);
    worst = std::max({worst, ulps_apart(pt::repro::sin(x), std::sin(x)), ulps_apart(pt::repro::cos(x), std::cos(x))});
  }
  CHECK(worst <= 1);
  CHECK(pt::repro::sin(0.0) == 0.0);
  CHECK(pt::repro::cos(0.0) == 1.0);
  CHECK(std::abs(pt::repro::sin(std::numbers::pi)) < 1.3e-16);
}

TEST_CASE("atan2 and acos are within a few units in the last place, with the library's quadrants") {
  Arguments args;
  std::int64_t worst = 0;
  for (int i = 0; i < kSamples; ++i) {
    const double y = i % 2 == 0 ? args.uniform(-10.0, 10.0) : args.any_magnitude();
    const double x = i % 2 == 0 ? args.uniform(-10.0, 10.0) : args.any_magnitude();
    worst = std::max(worst, ulps_apart(pt::repro::atan2(y, x), std::atan2(y, x)));
    const double c = args.uniform(-1.0, 1.0);
    worst = std::max(worst, ulps_apart(pt::repro::acos(c), std::acos(c)));
  }
  CHECK(worst <= 4);
  for (const double y : {0.0, -0.0, 1.0, -1.0}) {
    for (const double x : {0.0, -0.0, 1.0, -1.0}) {
      INFO("atan2(" << y << ", " << x << ")");
      CHECK(std::bit_cast<std::uint64_t>(pt::repro::atan2(y, x)) == std::bit_cast<std::uint64_t>(std::atan2(y, x)));
    }
  }
  CHECK(pt::repro::acos(1.0) == 0.0);
  CHECK(pt::repro::acos(-1.0) == std::acos(-1.0));
  CHECK(std::isnan(pt::repro::atan2(std::nan(""), 1.0)));
}

TEST_CASE("cbrt and log are within a few units in the last place over the whole range") {
  Arguments args;
  std::int64_t worst = 0;
  for (int i = 0; i < kSamples; ++i) {
    const double x = args.any_magnitude();
    worst = std::max({worst, ulps_apart(pt::repro::cbrt(x), std::cbrt(x)), ulps_apart(pt::repro::log(std::abs(x)), std::log(std::abs(x)))});
  }
  CHECK(worst <= 4);
  CHECK(pt::repro::cbrt(27.0) == 3.0);
  CHECK(pt::repro::cbrt(-0.125) == -0.5);
  CHECK(pt::repro::cbrt(0.0) == 0.0);
  CHECK(pt::repro::log(1.0) == 0.0);
  CHECK(std::abs(pt::repro::log(std::numbers::e) - 1.0) <= 2.3e-16);
}

TEST_CASE("the float overloads are within one unit in the last place of the library's float functions") {
  Arguments args;
  int off_by_more = 0;
  for (int i = 0; i < kSamples; ++i) {
    const auto x = static_cast<float>(args.uniform(-30.0, 30.0));
    const auto y = static_cast<float>(args.uniform(-30.0, 30.0));
    const auto apart = [](float a, float b) { return std::abs(std::bit_cast<std::int32_t>(a) - std::bit_cast<std::int32_t>(b)); };
    if (apart(pt::repro::sin(x), std::sin(x)) > 1 || apart(pt::repro::cos(x), std::cos(x)) > 1 ||
        apart(pt::repro::atan2(y, x), std::atan2(y, x)) > 1 || pt::repro::hypot(x, y) != std::hypot(x, y)) {
      ++off_by_more;
    }
  }
  CHECK(off_by_more == 0);
}
