#pragma once
#include <algorithm>
#include <cmath>
#include <numbers>

#include "pt/host_device.hpp"

namespace pt {

struct Point2f {
  float x = 0.0F;
  float y = 0.0F;
};

struct RectI {
  int x = 0;
  int y = 0;
  int w = 0;
  int h = 0;

  [[nodiscard]] PT_HOST_DEVICE bool empty() const noexcept { return w <= 0 || h <= 0; }
  [[nodiscard]] PT_HOST_DEVICE bool contains(const RectI& o) const noexcept {
    return o.x >= x && o.y >= y && o.x + o.w <= x + w && o.y + o.h <= y + h;
  }
  [[nodiscard]] PT_HOST_DEVICE RectI intersect(const RectI& o) const noexcept {
    const int x0 = std::max(x, o.x);
    const int y0 = std::max(y, o.y);
    const int x1 = std::min(x + w, o.x + o.w);
    const int y1 = std::min(y + h, o.y + o.h);
    return (x1 > x0 && y1 > y0) ? RectI{x0, y0, x1 - x0, y1 - y0} : RectI{};
  }
  friend bool operator==(const RectI&, const RectI&) = default;
};

// An ellipse by centre, semi-axes and the angle of the first axis from the x axis (radians,
// image coordinates: y down). Fits keep a >= b; a circle has a == b.
struct Ellipse {
  float cx = 0.0F;
  float cy = 0.0F;
  float a = 0.0F;
  float b = 0.0F;
  float angle_rad = 0.0F;

  // The diameter of the circle of equal area: the quantity clinicians read as pupil size.
  [[nodiscard]] PT_HOST_DEVICE float equivalent_diameter() const noexcept { return 2.0F * std::sqrt(a * b); }
  [[nodiscard]] PT_HOST_DEVICE float area() const noexcept { return std::numbers::pi_v<float> * a * b; }
};

}  // namespace pt
