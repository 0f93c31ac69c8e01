#include "gaze_dynamics.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace pt::synthetic {
namespace {

// A saccade's smooth bell-shaped velocity: zero speed and acceleration at both ends.
double minimum_jerk(double t) noexcept { return t * t * t * (10.0 + t * (-15.0 + 6.0 * t)); }

// Pulls a gaze back onto the elliptical range of motion along the ray from straight ahead.
GazeAngles clamp_to_range(GazeAngles g) noexcept {
  const double h = g.horizontal_deg / kMaxHorizontalDeg;
  const double v = g.vertical_deg / kMaxVerticalDeg;
  const double r2 = h * h + v * v;
  if (r2 > 1.0) {
    const double s = 1.0 / std::sqrt(r2);
    g.horizontal_deg *= s;
    g.vertical_deg *= s;
  }
  return g;
}

}  // namespace

GazeModel::GazeModel(std::uint64_t seed, bool moving)
    : rng_(seed, stream_id(RngStream::Gaze)), moving_(moving) {
  if (moving_) begin_fixation();
}

void GazeModel::advance(double dt_s) {
  if (!moving_) return;
  phase_elapsed_s_ += dt_s;
  if (in_saccade_) {
    const double t = std::min(1.0, phase_elapsed_s_ / phase_duration_s_);
    const double s = minimum_jerk(t);
    gaze_.horizontal_deg = saccade_from_.horizontal_deg + (saccade_to_.horizontal_deg - saccade_from_.horizontal_deg) * s;
    gaze_.vertical_deg = saccade_from_.vertical_deg + (saccade_to_.vertical_deg - saccade_from_.vertical_deg) * s;
    if (t >= 1.0) begin_fixation();
    return;
  }
  // Fixational drift: a velocity that wanders (Ornstein-Uhlenbeck, 0.15 s memory) at about
  // 0.5 deg/s, so the eye is never perfectly still but moves only a pixel or so per fixation.
  constexpr double kMemoryS = 0.15;
  constexpr double kVelocityNoise = 1.3;  // deg/s per sqrt(s)
  const double kick = kVelocityNoise * std::sqrt(dt_s);
  drift_velocity_.horizontal_deg += -drift_velocity_.horizontal_deg * dt_s / kMemoryS + kick * rng_.normal();
  drift_velocity_.vertical_deg += -drift_velocity_.vertical_deg * dt_s / kMemoryS + kick * rng_.normal();
  gaze_.horizontal_deg += drift_velocity_.horizontal_deg * dt_s;
  gaze_.vertical_deg += drift_velocity_.vertical_deg * dt_s;
  gaze_ = clamp_to_range(gaze_);
  if (phase_elapsed_s_ >= phase_duration_s_) begin_saccade();
}

void GazeModel::begin_fixation() {
  in_saccade_ = false;
  phase_elapsed_s_ = 0.0;
  phase_duration_s_ = rng_.uniform(0.2, 0.8);
}

void GazeModel::begin_saccade() {
  in_saccade_ = true;
  phase_elapsed_s_ = 0.0;
  saccade_from_ = gaze_;
  saccade_to_ = pick_target();
  const double amplitude = std::hypot(saccade_to_.horizontal_deg - gaze_.horizontal_deg,
                                      saccade_to_.vertical_deg - gaze_.vertical_deg);
  // The main sequence: duration grows with amplitude, about 21 ms + 2.2 ms per degree.
  phase_duration_s_ = std::clamp(0.021 + 0.0022 * amplitude, 0.02, 0.06);
  drift_velocity_ = {};
}

GazeAngles GazeModel::pick_target() {
  if (rng_.uniform() < 0.5) {
    // A small corrective or exploratory step near the current point.
    const double amplitude = rng_.uniform(1.0, 6.0);
    const double direction = rng_.uniform(0.0, 2.0 * std::numbers::pi);
    return clamp_to_range({gaze_.horizontal_deg + amplitude * std::cos(direction),
                           gaze_.vertical_deg + amplitude * std::sin(direction)});
  }
  // A jump anywhere in the range of motion, uniform over its area.
  for (;;) {
    const double h = rng_.uniform(-1.0, 1.0);
    const double v = rng_.uniform(-1.0, 1.0);
    if (h * h + v * v <= 1.0) return {h * kMaxHorizontalDeg, v * kMaxVerticalDeg};
  }
}

}  // namespace pt::synthetic
