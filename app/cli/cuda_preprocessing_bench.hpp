#pragma once
#include <vector>

#include "cli/stage_timing.hpp"
#include "pt/image.hpp"
#include "pt/pupil/pupil_detector.hpp"

namespace pt::cli {

// `bench --what preprocess`: reflection removal and smoothing of every eye region of each frame.
// The CPU's stages (one thread) are always timed. With `cuda` the GPU's are timed in the same
// run, on the device with events: the upload of a frame from pinned memory, each kernel stage
// over both eyes, and the whole preprocessing with each eye on its own stream; the CPU/CUDA
// ratio of the medians goes to stderr. Throws std::runtime_error when CUDA is asked for and this
// build or this machine has none.
std::vector<StageTiming> time_preprocessing(const std::vector<ImageU8>& frames, const std::vector<EyeRegion>& regions,
                                            const DetectorParams& params, int count, bool cuda);

}  // namespace pt::cli
