#pragma once
#include <vector>

#include "cli/stage_timing.hpp"
#include "pt/image.hpp"
#include "pt/pupil/pupil_detector.hpp"

namespace pt::cli {

// Times the CPU pipeline's stages one by one on every eye region of every frame (one thread):
// reflection removal, smoothing, the chosen pupil search. Returns one timing per stage, per frame.
std::vector<StageTiming> time_pipeline_stages(const std::vector<ImageU8>& frames, const std::vector<EyeRegion>& regions,
                                              const DetectorParams& params, int count);

}  // namespace pt::cli
