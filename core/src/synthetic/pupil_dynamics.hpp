#pragma once
// Pupil size over time, shared by both eyes (the light reflex is consensual): a slow drift
// between random targets, a faint oscillation (hippus), and now and then a light reflex that
// constricts within a few hundred milliseconds and recovers over seconds.
#include <cstdint>

#include "rng.hpp"

namespace pt::synthetic {

class PupilModel {
 public:
  explicit PupilModel(std::uint64_t seed);

  // 0 = smallest, 1 = largest pupil of the eye's range.
  [[nodiscard]] double size() const noexcept;
  void advance(double dt_s);

 private:
  Rng rng_;
  double baseline_ = 0.5;
  double baseline_target_ = 0.5;
  double until_new_target_s_ = 0.0;
  double hippus_phase_ = 0.0;
  double hippus_rate_ = 0.0;  // rad/s
  double reflex_ = 0.0;       // current constriction, in size units
  double reflex_depth_ = 0.0;
  double reflex_onset_left_s_ = 0.0;  // > 0 while constricting
  double until_reflex_s_ = 0.0;
};

}  // namespace pt::synthetic
