// pt/reproducible_math.hpp on the device against the host, bit for bit: what lets the GPU's
// search take the CPU's decisions. Arguments spread over the ranges the tracker uses (angles,
// image coordinates, the conic fit's normalised values) and far beyond, plus the special cases.
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <numbers>
#include <vector>

#include "pt/random.hpp"
#include "pt_catch.hpp"
#include "reproducible_math_kernels.hpp"

namespace {

template <class T>
bool same_bits(T a, T b) {
  if constexpr (sizeof(T) == 8) {
    return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b);
  } else {
    return std::bit_cast<std::uint32_t>(a) == std::bit_cast<std::uint32_t>(b);
  }
}

struct Mismatches {
  long long count = 0;
  void check(const char* name, double x, double y, bool same) {
    if (same) return;
    if (++count <= 10) std::printf("device differs: %s at x = %.17g, y = %.17g\n", name, x, y);
  }
};

}  // namespace

TEST_CASE("every reproducible function gives the host's bits on the device") {
  std::vector<double> xs;
  std::vector<double> ys;
  pt::SplitMix64 random(0x7e57'ba5eULL);
  const auto unit = [&] { return static_cast<double>(random.next() >> 11) * 0x1.0p-53; };
  const auto uniform = [&](double lo, double hi) { return lo + (hi - lo) * unit(); };
  const auto sign = [&] { return unit() < 0.5 ? -1.0 : 1.0; };
  for (int i = 0; i < 200'000; ++i) {
    // Magnitudes from 1e-300 to 1e6, either sign, and plain angles and unit values half the time.
    const bool plain = i % 2 == 0;
    xs.push_back(plain ? uniform(-8.0, 8.0) : sign() * std::pow(10.0, uniform(-300.0, 6.0)));
    ys.push_back(plain ? uniform(-8.0, 8.0) : sign() * std::pow(10.0, uniform(-300.0, 6.0)));
  }
  const double special[] = {0.0, -0.0, 1.0, -1.0, 0.5, std::numbers::pi, -std::numbers::pi, std::numbers::pi / 2.0,
                            std::numbers::pi / 4.0, 27.0, 1e-310, std::numeric_limits<double>::quiet_NaN()};
  for (double x : special) {
    for (double y : special) {
      xs.push_back(x);
      ys.push_back(y);
    }
  }
  const std::vector<pt::test::MathValues> device = pt::test::math_values_on_device(xs, ys);
  REQUIRE(device.size() == xs.size());
  Mismatches m;
  for (std::size_t i = 0; i < xs.size(); ++i) {
    const pt::test::MathValues host = pt::test::math_values(xs[i], ys[i]);
    const pt::test::MathValues& d = device[i];
    m.check("sin", xs[i], ys[i], same_bits(host.sin, d.sin));
    m.check("cos", xs[i], ys[i], same_bits(host.cos, d.cos));
    m.check("atan2", xs[i], ys[i], same_bits(host.atan2, d.atan2));
    m.check("acos", xs[i], ys[i], same_bits(host.acos, d.acos));
    m.check("cbrt", xs[i], ys[i], same_bits(host.cbrt, d.cbrt));
    m.check("log", xs[i], ys[i], same_bits(host.log, d.log));
    m.check("hypot", xs[i], ys[i], same_bits(host.hypot, d.hypot));
    m.check("sin (float)", xs[i], ys[i], same_bits(host.sin_f, d.sin_f));
    m.check("cos (float)", xs[i], ys[i], same_bits(host.cos_f, d.cos_f));
    m.check("atan2 (float)", xs[i], ys[i], same_bits(host.atan2_f, d.atan2_f));
    m.check("hypot (float)", xs[i], ys[i], same_bits(host.hypot_f, d.hypot_f));
  }
  std::printf("reproducible math: %zu argument pairs, 11 functions, %lld values differ\n", xs.size(), m.count);
  CHECK(m.count == 0);
}
