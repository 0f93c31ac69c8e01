// The reflection fill's branch-free reciprocal against the host's division, bit for bit, on every
// whole number a squared distance within an image can take and on the far end of its range.
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <vector>

#include "pt_catch.hpp"
#include "whole_reciprocal_kernels.hpp"

TEST_CASE("the device's whole-number reciprocal equals the host's 1.0F / x") {
  std::vector<float> xs;
  // Every whole number to 2^24 (all that float holds exactly), then a spread of larger ones:
  // each power of two to 2^125 with its neighbours.
  for (std::uint32_t k = 1; k <= (1U << 24); ++k) xs.push_back(static_cast<float>(k));
  for (int e = 25; e <= 125; ++e) {
    const float p = std::ldexp(1.0F, e);
    for (const float x : {std::nextafter(p, 0.0F), p, std::nextafter(p, 2.0F * p), 3.0F * p / 2.0F}) xs.push_back(x);
  }
  const std::vector<float> device = pt::test::whole_reciprocals_on_device(xs);
  REQUIRE(device.size() == xs.size());
  long long differ = 0;
  for (std::size_t i = 0; i < xs.size(); ++i) {
    const float host = 1.0F / xs[i];
    if (std::bit_cast<std::uint32_t>(host) == std::bit_cast<std::uint32_t>(device[i])) continue;
    if (++differ <= 10) std::printf("1 / %.9g: device %.9g, host %.9g\n", xs[i], device[i], host);
  }
  CHECK(differ == 0);
}
