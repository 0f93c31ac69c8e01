#pragma once
// Conjugate gaze of both eyes: fixations with slow drift, separated by saccades.
#include <cstdint>

#include "rng.hpp"

namespace pt::synthetic {

// Rotation of the eye from straight ahead: + is right and down in the image.
struct GazeAngles {
  double horizontal_deg = 0.0;
  double vertical_deg = 0.0;
};

inline constexpr double kMaxEccentricityDeg = 25.0;
// Vertical gaze is kept smaller than horizontal: the lids would hide the pupil most of the time.
inline constexpr double kMaxHorizontalDeg = 25.0;
inline constexpr double kMaxVerticalDeg = 10.0;

class GazeModel {
 public:
  // A still model stays straight ahead: no fixation drift, no saccades.
  GazeModel(std::uint64_t seed, bool moving);

  [[nodiscard]] GazeAngles current() const noexcept { return gaze_; }
  void advance(double dt_s);

 private:
  void begin_fixation();
  void begin_saccade();
  [[nodiscard]] GazeAngles pick_target();

  Rng rng_;
  bool moving_;
  bool in_saccade_ = false;
  double phase_elapsed_s_ = 0.0;
  double phase_duration_s_ = 0.0;
  GazeAngles gaze_{};
  GazeAngles saccade_from_{};
  GazeAngles saccade_to_{};
  GazeAngles drift_velocity_{};  // deg/s
};

}  // namespace pt::synthetic
