#pragma once
// cos, sin, atan2, acos, cbrt, log and hypot built from +, -, *, / and sqrt alone, which IEEE 754
// rounds exactly on the host and on CUDA devices. The C library's functions and CUDA's differ in
// their last bits, and the GPU's search must round as the CPU's does, to the bit, so that both
// take the same decisions and the two can hand an eye to each other without a trace. Both sides
// call these; the device code must be compiled without contracting a * b + c into one fused
// operation (pt_gpu's -fmad=false), and the host code likewise (core's -ffp-contract=off).
//
// Accuracy: within a few units in the last place of the correctly rounded result; cos and sin
// for |x| below 2^19 pi / 2 (larger arguments reduce less exactly, but still alike on both).
// The float overloads evaluate in double and round once, which almost always gives the correctly
// rounded float.
#include <cmath>

#include "pt/host_device.hpp"

namespace pt::repro {
namespace detail {

// pi / 2 in three parts, the first two of 33 significant bits, so that n times either is exact
// for n below 2^20.
constexpr double kHalfPi1 = 1.5707963267341256;
constexpr double kHalfPi2 = 6.077100506303966e-11;
constexpr double kHalfPi3 = 2.0222662487959506e-21;
constexpr double kTwoOverPi = 0.6366197723675814;
// pi / 2 and pi rounded, and what the rounding left out.
constexpr double kHalfPi = 1.5707963267948966;
constexpr double kHalfPiLow = 6.123233995736766e-17;
constexpr double kPi = 3.141592653589793;
constexpr double kPiLow = 1.2246467991473532e-16;
constexpr double kQuarterPi = 0.7853981633974483;
constexpr double kQuarterPiLow = 3.061616997868383e-17;
// ln 2 in two parts, the first of 32 significant bits, so that any exponent times it is exact.
constexpr double kLn2High = 0.6931471803691238;
constexpr double kLn2Low = 1.9082149292705877e-10;

// The Horner sum c0 + z (c1 + z (c2 + ...)). Coefficients as arguments rather than arrays, which
// device code could not index.
template <class... Rest>
[[nodiscard]] PT_HOST_DEVICE constexpr double horner(double z, double c0, Rest... rest) noexcept {
  if constexpr (sizeof...(rest) == 0) {
    return c0;
  } else {
    return c0 + z * horner(z, rest...);
  }
}

// Taylor series, to the terms below the last bit on the reduced ranges: sin's (-1)^k / (2k+1)!,
// cos's (-1)^k / (2k)!, atan's (-1)^k / (2k+1) and atanh's 1 / (2k+1), from k = 1. sin and cos
// on |r| <= pi / 4.
[[nodiscard]] PT_HOST_DEVICE inline double sin_reduced(double r) noexcept {
  const double z = r * r;
  return r + r * (z * horner(z, -0.16666666666666666, 0.008333333333333333, -0.0001984126984126984,
                             2.7557319223985893e-06, -2.505210838544172e-08, 1.6059043836821613e-10,
                             -7.647163731819816e-13, 2.8114572543455206e-15, -8.22063524662433e-18,
                             1.9572941063391263e-20));
}

[[nodiscard]] PT_HOST_DEVICE inline double cos_reduced(double r) noexcept {
  const double z = r * r;
  return 1.0 + z * horner(z, -0.5, 0.041666666666666664, -0.001388888888888889, 2.48015873015873e-05,
                          -2.755731922398589e-07, 2.08767569878681e-09, -1.1470745597729725e-11,
                          4.779477332387385e-14, -1.5619206968586225e-16, 4.110317623312165e-19,
                          -8.896791392450574e-22);
}

// x = n pi / 2 + r with |r| <= pi / 4 (a hair more when n is large); returns r, n mod 4 in `quadrant`.
[[nodiscard]] PT_HOST_DEVICE inline double reduce(double x, int& quadrant) noexcept {
  const double n = std::rint(x * kTwoOverPi);
  quadrant = static_cast<int>(static_cast<long long>(n) & 3);
  return ((x - n * kHalfPi1) - n * kHalfPi2) - n * kHalfPi3;
}

// atan on [0, 1]: from the nearest k / 4 by atan(x) = atan(c) + atan((x - c) / (1 + x c)),
// which leaves |t| <= 1 / 8 for the series.
[[nodiscard]] PT_HOST_DEVICE inline double atan_unit(double x) noexcept {
  const int k = static_cast<int>(std::rint(4.0 * x));
  const double c = 0.25 * k;
  const double t = (x - c) / (1.0 + x * c);
  const double z = t * t;
  const double series = t + t * (z * horner(z, -0.3333333333333333, 0.2, -0.14285714285714285, 0.1111111111111111,
                                            -0.09090909090909091, 0.07692307692307693, -0.06666666666666667,
                                            0.058823529411764705, -0.05263157894736842));
  // atan(c), high and low parts.
  switch (k) {
    case 0: return series;
    case 1: return 0.24497866312686414 + (1.0698755618734451e-17 + series);
    case 2: return 0.4636476090008061 + (2.2698777452961687e-17 + series);
    case 3: return 0.6435011087932844 + (1.5834785051444286e-17 + series);
    default: return kQuarterPi + (kQuarterPiLow + series);
  }
}

}  // namespace detail

[[nodiscard]] PT_HOST_DEVICE inline double sin(double x) noexcept {
  int q = 0;
  const double r = detail::reduce(x, q);
  switch (q) {
    case 0: return detail::sin_reduced(r);
    case 1: return detail::cos_reduced(r);
    case 2: return -detail::sin_reduced(r);
    default: return -detail::cos_reduced(r);
  }
}

[[nodiscard]] PT_HOST_DEVICE inline double cos(double x) noexcept {
  int q = 0;
  const double r = detail::reduce(x, q);
  switch (q) {
    case 0: return detail::cos_reduced(r);
    case 1: return -detail::sin_reduced(r);
    case 2: return -detail::cos_reduced(r);
    default: return detail::sin_reduced(r);
  }
}

// The signs and special cases of the C library's atan2 for finite arguments.
[[nodiscard]] PT_HOST_DEVICE inline double atan2(double y, double x) noexcept {
  if (std::isnan(x) || std::isnan(y)) return x + y;
  if (y == 0.0) return std::signbit(x) ? std::copysign(detail::kPi, y) : y;
  if (x == 0.0) return std::copysign(detail::kHalfPi, y);
  const double ax = std::abs(x);
  const double ay = std::abs(y);
  double a = ay <= ax ? detail::atan_unit(ay / ax)
                      : detail::kHalfPi + (detail::kHalfPiLow - detail::atan_unit(ax / ay));
  if (x < 0.0) a = detail::kPi + (detail::kPiLow - a);
  return std::copysign(a, y);
}

// On [-1, 1].
[[nodiscard]] PT_HOST_DEVICE inline double acos(double x) noexcept {
  return atan2(std::sqrt((1.0 - x) * (1.0 + x)), x);
}

[[nodiscard]] PT_HOST_DEVICE inline double cbrt(double x) noexcept {
  if (x == 0.0 || !std::isfinite(x)) return x;
  int e = 0;
  const double m = std::frexp(std::abs(x), &e);  // [0.5, 1)
  const int r = (e % 3 + 3) % 3;
  const double v = std::ldexp(m, r);  // [0.5, 4): x = v 2^(e - r), e - r a multiple of 3
  // Newton's steps from a line through the ends of the range; six take its error of under 10 %
  // below the last bit.
  double y = 0.63 + 0.24 * v;
  for (int i = 0; i < 6; ++i) y -= (y * y * y - v) / (3.0 * y * y);
  return std::copysign(std::ldexp(y, (e - r) / 3), x);
}

// For x > 0.
[[nodiscard]] PT_HOST_DEVICE inline double log(double x) noexcept {
  int e = 0;
  double m = std::frexp(x, &e);  // [0.5, 1)
  if (m < 0.7071067811865476) {
    m *= 2.0;
    --e;
  }
  // log m = 2 atanh(s) with s = (m - 1) / (m + 1), |s| < 0.18.
  const double f = m - 1.0;
  const double s = f / (2.0 + f);
  const double z = s * s;
  const double log_m =
      2.0 * s + 2.0 * s *
                    (z * detail::horner(z, 0.3333333333333333, 0.2, 0.14285714285714285, 0.1111111111111111,
                                        0.09090909090909091, 0.07692307692307693, 0.06666666666666667,
                                        0.058823529411764705, 0.05263157894736842, 0.047619047619047616,
                                        0.043478260869565216));
  const double de = e;
  return de * detail::kLn2High + (de * detail::kLn2Low + log_m);
}

// Squares summed in double: exact for float arguments, so the float overload is the C library's.
[[nodiscard]] PT_HOST_DEVICE inline double hypot(double x, double y) noexcept { return std::sqrt(x * x + y * y); }

[[nodiscard]] PT_HOST_DEVICE inline float sin(float x) noexcept { return static_cast<float>(sin(static_cast<double>(x))); }
[[nodiscard]] PT_HOST_DEVICE inline float cos(float x) noexcept { return static_cast<float>(cos(static_cast<double>(x))); }
[[nodiscard]] PT_HOST_DEVICE inline float atan2(float y, float x) noexcept {
  return static_cast<float>(atan2(static_cast<double>(y), static_cast<double>(x)));
}
[[nodiscard]] PT_HOST_DEVICE inline float hypot(float x, float y) noexcept {
  return static_cast<float>(hypot(static_cast<double>(x), static_cast<double>(y)));
}

}  // namespace pt::repro
