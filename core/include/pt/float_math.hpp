#pragma once
// Single-precision cos, sin, atan2 and hypot that round in device code as the host's C library
// does. The host's float functions return the correctly rounded result all but very rarely;
// CUDA's are only within a few units in the last place, which would move the device's rays off
// the host's. Evaluated in double and rounded once, the device lands on the host's result too.
#include <cmath>

#include "pt/host_device.hpp"

namespace pt {

[[nodiscard]] PT_HOST_DEVICE inline float host_cos(float x) noexcept {
#if defined(__CUDA_ARCH__)
  return static_cast<float>(std::cos(static_cast<double>(x)));
#else
  return std::cos(x);
#endif
}

[[nodiscard]] PT_HOST_DEVICE inline float host_sin(float x) noexcept {
#if defined(__CUDA_ARCH__)
  return static_cast<float>(std::sin(static_cast<double>(x)));
#else
  return std::sin(x);
#endif
}

[[nodiscard]] PT_HOST_DEVICE inline float host_atan2(float y, float x) noexcept {
#if defined(__CUDA_ARCH__)
  return static_cast<float>(std::atan2(static_cast<double>(y), static_cast<double>(x)));
#else
  return std::atan2(y, x);
#endif
}

// The host's hypotf sums the squares in double, which holds them exactly.
[[nodiscard]] PT_HOST_DEVICE inline float host_hypot(float x, float y) noexcept {
#if defined(__CUDA_ARCH__)
  const double dx = x;
  const double dy = y;
  return static_cast<float>(std::sqrt(dx * dx + dy * dy));
#else
  return std::hypot(x, y);
#endif
}

}  // namespace pt
