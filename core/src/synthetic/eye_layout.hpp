#pragma once
// Where one eye sits in its region and how big its parts are. Every length is a fixed share of
// the region's size, so the same eye renders at 1280x1024 and at 320x240.
#include "pt/eye.hpp"
#include "pt/geometry.hpp"

namespace pt::synthetic {

struct EyeLayout {
  RectI region;
  EyeSide side = EyeSide::Invalid;
  double centre_x = 0.0;  // the eyeball's centre in the image; the canthi lie on its row
  double centre_y = 0.0;
  double unit = 0.0;      // the scale all lengths below derive from
  double lid_half_width = 0.0;     // canthus to centre
  double upper_lid_height = 0.0;   // apex of the open upper lid above centre_y, gaze straight
  double lower_lid_height = 0.0;   // apex of the lower lid below centre_y, gaze straight
  double iris_radius = 0.0;
  double eyeball_radius = 0.0;     // pupil displacement = eyeball_radius * sin(eccentricity)
  double pupil_radius_min = 0.0;
  double pupil_radius_max = 0.0;
  double glint_ring_radius = 0.0;  // the LED ring's reflection, about a mean pupil radius
  double lash_length_max = 0.0;
  double max_displacement = 0.0;   // pupil displacement at the largest gaze eccentricity
};

// How far the lids follow vertical gaze, as a share of the pupil's vertical displacement:
// looking down lowers the upper lid (droop), looking up lifts it.
inline constexpr double kUpperLidGazeFollow = 0.55;
inline constexpr double kLowerLidGazeFollow = 0.2;

[[nodiscard]] EyeLayout make_eye_layout(const RectI& region, EyeSide side);

// The part of the region that changes from frame to frame (lids, lashes, iris, glints):
// where blur applies.
[[nodiscard]] RectI moving_part(const EyeLayout& eye);

}  // namespace pt::synthetic
