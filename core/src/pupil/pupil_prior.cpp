#include "pt/pupil/pupil_prior.hpp"

#include <algorithm>

namespace pt {

bool PupilPrior::agrees(float diameter, const DarkDisc& disc, double time_s, const PupilPriorParams& params) {
  if (memory_ && (!params.enabled || time_s - memory_->time_s > params.memory_s || time_s < memory_->time_s)) {
    memory_.reset();
  }
  if (!memory_) return true;
  const float keep = 1.0F - params.size_tolerance;
  const bool size_ok = diameter >= memory_->diameter * keep && diameter * keep <= memory_->diameter;
  // A grey level of slack for noise even when the remembered contrast is tiny.
  const float darkest_allowed = memory_->inside + std::max(2.0F, params.darkness_tolerance * memory_->contrast);
  return size_ok && disc.inside <= darkest_allowed;
}

void PupilPrior::learn(float diameter, const DarkDisc& disc, float confidence, double time_s,
                       const PupilPriorParams& params) {
  if (!params.enabled || confidence < params.min_confidence) return;
  if (!memory_) {
    memory_ = Memory{diameter, disc.inside, disc.contrast, time_s};
    return;
  }
  const auto step = static_cast<float>(std::min(1.0, (time_s - memory_->time_s) / std::max(params.follow_s, 1e-6)));
  memory_->diameter += step * (diameter - memory_->diameter);
  memory_->inside += step * (disc.inside - memory_->inside);
  memory_->contrast += step * (disc.contrast - memory_->contrast);
  memory_->time_s = time_s;
}

}  // namespace pt
