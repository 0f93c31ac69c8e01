#pragma once
#include <optional>
#include <vector>

#include "cli/stage_timing.hpp"
#include "pt/image.hpp"
#include "pt/pupil/pupil_detector.hpp"

namespace pt::cli {

// OpenCV's equivalent of our reflection removal and smoothing (morphologyEx top-hat, threshold,
// dilate, GaussianBlur) on the same eye regions, one thread: the reference our own operations
// are held to. Nothing when this build has no OpenCV.
std::optional<StageTiming> time_opencv_preprocessing(const std::vector<ImageU8>& frames,
                                                     const std::vector<EyeRegion>& regions,
                                                     const DetectorParams& params, int count);

}  // namespace pt::cli
