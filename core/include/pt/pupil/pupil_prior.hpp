#pragma once
#include <optional>

#include "pt/pupil/detector_params.hpp"
#include "pt/pupil/pupil_confidence.hpp"

namespace pt {

// Memory of the last confidently seen pupil of one eye (see PupilPriorParams).
class PupilPrior {
 public:
  // Whether a candidate of this diameter and darkness agrees with the memory (always true
  // when nothing is remembered). Forgets a memory older than params.memory_s.
  bool agrees(float diameter, const DarkDisc& disc, double time_s, const PupilPriorParams& params);
  // Feeds a believed detection; only confident ones move the memory.
  void learn(float diameter, const DarkDisc& disc, float confidence, double time_s, const PupilPriorParams& params);
  void forget() noexcept { memory_.reset(); }

 private:
  struct Memory {
    float diameter = 0.0F;
    float inside = 0.0F;
    float contrast = 0.0F;
    double time_s = 0.0;
  };
  std::optional<Memory> memory_;
};

}  // namespace pt
