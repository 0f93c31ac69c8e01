#include "eye_layout.hpp"

#include <algorithm>
#include <cmath>

#include "gaze_dynamics.hpp"

namespace pt::synthetic {

EyeLayout make_eye_layout(const RectI& region, EyeSide side) {
  EyeLayout e;
  e.region = region;
  e.side = side;
  // Pixel centres sit at integer coordinates, so a region's middle is at x + (w - 1) / 2.
  e.centre_x = region.x + (region.w - 1) * 0.5;
  e.centre_y = region.y + (region.h - 1) * 0.5;
  // The eye is wider than tall: a wide region scales it by its width, a flat one by its height.
  e.unit = std::min(static_cast<double>(region.w), 1.25 * region.h);
  e.lid_half_width = 0.42 * e.unit;
  e.upper_lid_height = 0.17 * e.unit;
  e.lower_lid_height = 0.165 * e.unit;
  e.iris_radius = 0.18 * e.unit;
  e.eyeball_radius = 2.0 * e.iris_radius;  // an iris of 12 mm on an eyeball of 24 mm
  e.pupil_radius_min = 0.04 * e.unit;
  e.pupil_radius_max = 0.117 * e.unit;
  e.glint_ring_radius = 0.078 * e.unit;
  e.lash_length_max = 0.12 * e.unit;
  e.max_displacement = e.eyeball_radius * std::sin(kMaxEccentricityDeg * std::numbers::pi / 180.0);
  return e;
}

RectI moving_part(const EyeLayout& e) {
  const double lash = e.lash_length_max + 3.0;
  const double half_w = e.lid_half_width + lash;
  const double up = e.upper_lid_height + kUpperLidGazeFollow * e.max_displacement + lash;
  const double down = e.lower_lid_height + kLowerLidGazeFollow * e.max_displacement + lash;
  const int x0 = static_cast<int>(std::floor(e.centre_x - half_w));
  const int x1 = static_cast<int>(std::ceil(e.centre_x + half_w));
  const int y0 = static_cast<int>(std::floor(e.centre_y - up));
  const int y1 = static_cast<int>(std::ceil(e.centre_y + down));
  return RectI{x0, y0, x1 - x0 + 1, y1 - y0 + 1}.intersect(e.region);
}

}  // namespace pt::synthetic
