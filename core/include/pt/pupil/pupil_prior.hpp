#pragma once
#include <algorithm>

#include "pt/host_device.hpp"
#include "pt/pupil/detector_params.hpp"
#include "pt/pupil/pupil_confidence.hpp"

namespace pt {

// Memory of the last confidently seen pupil of one eye (see PupilPriorParams). Plain data with
// its rules inline: the CUDA search keeps one per eye in device memory and applies the same
// rules, and the two backends hand it to each other when tracking moves between them.
class PupilPrior {
 public:
  // Whether a candidate of this diameter and darkness agrees with the memory (always true
  // when nothing is remembered). Forgets a memory older than params.memory_s.
  PT_HOST_DEVICE bool agrees(float diameter, const DarkDisc& disc, double time_s, const PupilPriorParams& params) {
    if (remembered_ && (!params.enabled || time_s - time_s_ > params.memory_s || time_s < time_s_)) {
      remembered_ = false;
    }
    if (!remembered_) return true;
    const float keep = 1.0F - params.size_tolerance;
    const bool size_ok = diameter >= diameter_ * keep && diameter * keep <= diameter_;
    // A grey level of slack for noise even when the remembered contrast is tiny.
    const float darkest_allowed = inside_ + std::max(2.0F, params.darkness_tolerance * contrast_);
    return size_ok && disc.inside <= darkest_allowed;
  }

  // Feeds a believed detection; only confident ones move the memory.
  PT_HOST_DEVICE void learn(float diameter, const DarkDisc& disc, float confidence, double time_s,
                            const PupilPriorParams& params) {
    if (!params.enabled || confidence < params.min_confidence) return;
    if (!remembered_) {
      remembered_ = true;
      diameter_ = diameter;
      inside_ = disc.inside;
      contrast_ = disc.contrast;
      time_s_ = time_s;
      return;
    }
    const auto step = static_cast<float>(std::min(1.0, (time_s - time_s_) / std::max(params.follow_s, 1e-6)));
    diameter_ += step * (diameter - diameter_);
    inside_ += step * (disc.inside - inside_);
    contrast_ += step * (disc.contrast - contrast_);
    time_s_ = time_s;
  }

  // Whether a detection of this diameter, darkness and confidence is believed (agrees), learning
  // from it when it is: what both backends ask of every detection.
  PT_HOST_DEVICE bool believes(float diameter, const DarkDisc& disc, float confidence, double time_s,
                               const PupilPriorParams& params) {
    if (!agrees(diameter, disc, time_s, params)) return false;
    learn(diameter, disc, confidence, time_s, params);
    return true;
  }

  PT_HOST_DEVICE void forget() noexcept { remembered_ = false; }

 private:
  bool remembered_ = false;
  float diameter_ = 0.0F;
  float inside_ = 0.0F;
  float contrast_ = 0.0F;
  double time_s_ = 0.0;
};

}  // namespace pt
