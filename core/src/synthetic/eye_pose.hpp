#pragma once
// Everything that moves in one eye for one frame, derived from the shared gaze, pupil size and
// blink state: the pupil ellipse, the lids, the glints.
#include <array>

#include "eye_layout.hpp"
#include "gaze_dynamics.hpp"
#include "glints.hpp"
#include "lid_shape.hpp"
#include "pt/geometry.hpp"

namespace pt::synthetic {

struct EyePose {
  double pupil_x = 0.0;  // centre of pupil and iris
  double pupil_y = 0.0;
  double pupil_radius = 0.0;
  double eccentricity_rad = 0.0;
  double direction_rad = 0.0;  // of the pupil's displacement, from +x, y down
  LidShape lids;
  std::array<GlintSpot, kGlintCount> glints{};

  // The pupil disc seen at an angle: its minor axis r cos(eccentricity) lies along the
  // displacement, its major axis r across it.
  [[nodiscard]] double foreshortening() const noexcept;
  [[nodiscard]] double major_axis_angle() const noexcept;
  [[nodiscard]] Ellipse pupil_ellipse() const noexcept;
};

[[nodiscard]] EyePose make_eye_pose(const EyeLayout& eye, const LedRing& leds, const GazeAngles& gaze,
                                    double pupil_size, double closure) noexcept;

}  // namespace pt::synthetic
