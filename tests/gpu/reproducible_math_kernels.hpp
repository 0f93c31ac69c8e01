#pragma once
// Evaluates every function of pt/reproducible_math.hpp on the device, for the parity test.
#include <vector>

#include "pt/host_device.hpp"
#include "pt/reproducible_math.hpp"

namespace pt::test {

// Each function's value at one pair of arguments (x, y): one-argument functions take x, or
// |x| or x clamped to [-1, 1] where their domain asks; float ones take x and y rounded to float.
struct MathValues {
  double sin;
  double cos;
  double atan2;
  double acos;
  double cbrt;
  double log;
  double hypot;
  float sin_f;
  float cos_f;
  float atan2_f;
  float hypot_f;
};

// The same code on both sides (the host's compiled as core is), so that they differ in nothing
// but where they run.
[[nodiscard]] PT_HOST_DEVICE inline MathValues math_values(double x, double y) {
  const auto fx = static_cast<float>(x);
  const auto fy = static_cast<float>(y);
  const double unit = x < -1.0 ? -1.0 : x > 1.0 ? 1.0 : x;
  const double positive = x < 0.0 ? -x : x;
  return {repro::sin(x),  repro::cos(x),        repro::atan2(y, x),   repro::acos(unit),
          repro::cbrt(x), repro::log(positive), repro::hypot(x, y),   repro::sin(fx),
          repro::cos(fx), repro::atan2(fy, fx), repro::hypot(fx, fy)};
}

[[nodiscard]] std::vector<MathValues> math_values_on_device(const std::vector<double>& x, const std::vector<double>& y);

}  // namespace pt::test
