#include "pupil_dynamics.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace pt::synthetic {
namespace {

constexpr double kBaselineTimeConstantS = 1.5;
constexpr double kConstrictionTimeConstantS = 0.07;
constexpr double kConstrictionS = 0.3;
constexpr double kRecoveryTimeConstantS = 1.3;
constexpr double kHippusAmplitude = 0.025;

}  // namespace

PupilModel::PupilModel(std::uint64_t seed) : rng_(seed, stream_id(RngStream::Pupil)) {
  baseline_ = rng_.uniform(0.3, 0.8);
  baseline_target_ = baseline_;
  until_new_target_s_ = rng_.uniform(0.5, 3.0);
  hippus_phase_ = rng_.uniform(0.0, 2.0 * std::numbers::pi);
  hippus_rate_ = 2.0 * std::numbers::pi * rng_.uniform(0.2, 0.5);
  until_reflex_s_ = rng_.uniform(1.0, 4.0);
}

double PupilModel::size() const noexcept {
  return std::clamp(baseline_ + kHippusAmplitude * std::sin(hippus_phase_) - reflex_, 0.0, 1.0);
}

void PupilModel::advance(double dt_s) {
  until_new_target_s_ -= dt_s;
  if (until_new_target_s_ <= 0.0) {
    baseline_target_ = rng_.uniform(0.25, 0.9);
    until_new_target_s_ = rng_.uniform(1.5, 4.0);
  }
  baseline_ += (baseline_target_ - baseline_) * (1.0 - std::exp(-dt_s / kBaselineTimeConstantS));
  hippus_phase_ = std::fmod(hippus_phase_ + hippus_rate_ * dt_s, 2.0 * std::numbers::pi);

  until_reflex_s_ -= dt_s;
  if (until_reflex_s_ <= 0.0) {
    reflex_depth_ = rng_.uniform(0.2, 0.45);
    reflex_onset_left_s_ = kConstrictionS;
    until_reflex_s_ = rng_.uniform(3.0, 8.0);
  }
  if (reflex_onset_left_s_ > 0.0) {
    reflex_ += (reflex_depth_ - reflex_) * (1.0 - std::exp(-dt_s / kConstrictionTimeConstantS));
    reflex_onset_left_s_ -= dt_s;
  } else {
    reflex_ *= std::exp(-dt_s / kRecoveryTimeConstantS);
  }
}

}  // namespace pt::synthetic
