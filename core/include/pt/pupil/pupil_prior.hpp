#pragma once
#include <algorithm>

#include "pt/geometry.hpp"
#include "pt/host_device.hpp"
#include "pt/pupil/detector_params.hpp"
#include "pt/pupil/pupil_confidence.hpp"

namespace pt {

// Memory of the last confidently seen pupil of one eye (see PupilPriorParams). Plain data with
// its rules inline: the CUDA search keeps one per eye in device memory and applies the same
// rules, and the two backends hand it to each other when tracking moves between them.
class PupilPrior {
 public:
  // Whether a candidate fit `e` of this darkness and confidence agrees with the memory (always
  // true when nothing is remembered). Forgets a memory older than params.memory_s.
  PT_HOST_DEVICE bool agrees(const Ellipse& e, const DarkDisc& disc, float confidence, double time_s,
                             const PupilPriorParams& params) {
    if (remembered_ && (!params.enabled || time_s - time_s_ > params.memory_s || time_s < time_s_)) {
      remembered_ = false;
    }
    if (!remembered_) return true;
    const float diameter = e.equivalent_diameter();
    const float keep = 1.0F - params.size_tolerance;
    const bool size_ok = diameter >= diameter_ * keep && diameter * keep <= diameter_;
    // A lid half over the pupil leaves a dark sliver whose fit is flattened across the lid. Its
    // size does not give it away (a pupil constricting through a blink comes back smaller
    // still), its shape does: far less round than the pupil remembered. A fit confident enough
    // to teach the memory shows its whole border and is believed in any shape (the gaze
    // turned), so this rule never keeps the memory from following the real pupil.
    const bool shape_ok = confidence >= params.min_confidence ||
                          roundness(e) >= roundness_ * (1.0F - params.roundness_tolerance);
    // A grey level of slack for noise even when the remembered contrast is tiny.
    const float darkest_allowed = inside_ + std::max(2.0F, params.darkness_tolerance * contrast_);
    return size_ok && shape_ok && disc.inside <= darkest_allowed;
  }

  // Feeds a believed detection; only confident ones move the memory.
  PT_HOST_DEVICE void learn(const Ellipse& e, const DarkDisc& disc, float confidence, double time_s,
                            const PupilPriorParams& params) {
    if (!params.enabled || confidence < params.min_confidence) return;
    const float diameter = e.equivalent_diameter();
    if (!remembered_) {
      remembered_ = true;
      diameter_ = diameter;
      roundness_ = roundness(e);
      inside_ = disc.inside;
      contrast_ = disc.contrast;
      time_s_ = time_s;
      return;
    }
    const auto step = static_cast<float>(std::min(1.0, (time_s - time_s_) / std::max(params.follow_s, 1e-6)));
    diameter_ += step * (diameter - diameter_);
    roundness_ += step * (roundness(e) - roundness_);
    inside_ += step * (disc.inside - inside_);
    contrast_ += step * (disc.contrast - contrast_);
    time_s_ = time_s;
  }

  // Whether a detection of this fit, darkness and confidence is believed (agrees), learning from
  // it when it is: what both backends ask of every detection.
  PT_HOST_DEVICE bool believes(const Ellipse& e, const DarkDisc& disc, float confidence, double time_s,
                               const PupilPriorParams& params) {
    if (!agrees(e, disc, confidence, time_s, params)) return false;
    learn(e, disc, confidence, time_s, params);
    return true;
  }

  PT_HOST_DEVICE void forget() noexcept { remembered_ = false; }

 private:
  // Minor over major axis: 1 for a circle.
  PT_HOST_DEVICE static float roundness(const Ellipse& e) {
    const float major = std::max(e.a, e.b);
    return major > 0.0F ? std::min(e.a, e.b) / major : 0.0F;
  }

  bool remembered_ = false;
  float diameter_ = 0.0F;
  float roundness_ = 0.0F;
  float inside_ = 0.0F;
  float contrast_ = 0.0F;
  double time_s_ = 0.0;
};

}  // namespace pt
