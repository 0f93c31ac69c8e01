#include "eye_pose.hpp"

#include <cmath>
#include <numbers>

namespace pt::synthetic {

double EyePose::foreshortening() const noexcept { return std::cos(eccentricity_rad); }

double EyePose::major_axis_angle() const noexcept {
  if (eccentricity_rad <= 0.0) return 0.0;
  // Perpendicular to the displacement, folded into [-pi/2, pi/2).
  double angle = direction_rad + 0.5 * std::numbers::pi;
  while (angle >= 0.5 * std::numbers::pi) angle -= std::numbers::pi;
  while (angle < -0.5 * std::numbers::pi) angle += std::numbers::pi;
  return angle;
}

Ellipse EyePose::pupil_ellipse() const noexcept {
  return {static_cast<float>(pupil_x), static_cast<float>(pupil_y), static_cast<float>(pupil_radius),
          static_cast<float>(pupil_radius * foreshortening()), static_cast<float>(major_axis_angle())};
}

EyePose make_eye_pose(const EyeLayout& eye, const LedRing& leds, const GazeAngles& gaze, double pupil_size,
                      double closure) noexcept {
  constexpr double kRad = std::numbers::pi / 180.0;
  EyePose pose;
  const double gx = gaze.horizontal_deg * kRad;
  const double gy = gaze.vertical_deg * kRad;
  pose.eccentricity_rad = std::hypot(gx, gy);
  pose.direction_rad = pose.eccentricity_rad > 0.0 ? std::atan2(gy, gx) : 0.0;
  const double displacement = eye.eyeball_radius * std::sin(pose.eccentricity_rad);
  const double dx = displacement * std::cos(pose.direction_rad);
  const double dy = displacement * std::sin(pose.direction_rad);
  pose.pupil_x = eye.centre_x + dx;
  pose.pupil_y = eye.centre_y + dy;
  pose.pupil_radius = eye.pupil_radius_min + pupil_size * (eye.pupil_radius_max - eye.pupil_radius_min);

  const double upper_open = eye.upper_lid_height - kUpperLidGazeFollow * dy;
  const double lower_open = eye.lower_lid_height + kLowerLidGazeFollow * dy;
  pose.lids.centre_x = eye.centre_x;
  pose.lids.centre_y = eye.centre_y;
  pose.lids.half_width = eye.lid_half_width;
  pose.lids.lower = lower_open;
  // Shut means the upper lid lies exactly on the lower one, not within rounding of it.
  pose.lids.upper = closure >= 1.0 ? -lower_open : upper_open + (-lower_open - upper_open) * closure;

  const double ring_x = eye.centre_x + kGlintGazeFollow * dx;
  const double ring_y = eye.centre_y + kGlintGazeFollow * dy;
  for (std::size_t i = 0; i < leds.size(); ++i) {
    const GlintLed& led = leds[i];
    pose.glints[i] = {ring_x + led.ring_radius * std::cos(led.angle_rad),
                      ring_y + led.ring_radius * std::sin(led.angle_rad), led.spot_radius, led.peak};
  }
  return pose;
}

}  // namespace pt::synthetic
