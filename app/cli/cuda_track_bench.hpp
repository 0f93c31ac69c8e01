#pragma once
#include <string>
#include <vector>

#include "cli/stage_timing.hpp"
#include "pt/image.hpp"
#include "pt/pupil/pupil_detector.hpp"

namespace pt::cli {

// `bench --what track --backend cuda --mode latency|throughput|window`: the CUDA detector and the
// CPU detector track the same frames in the same run, fed from pre-filled frame buffers (pinned
// for CUDA), so that no copy into the pool is timed. latency: one frame in flight; throughput: a
// few; window: tracking windows, a few in flight. Rows per backend: the interval between results
// (its frames/s is the run's) and the latency from submit to result; for CUDA also each stage of
// a separate latency-mode pass timed with device events. The CPU/CUDA ratios go to stderr.
// `segments` above 1 (throughput mode only) cuts the frames into that many stretches tracked at
// once, each from its own first frame by its own detector, for both backends.
// Throws std::runtime_error without a usable device or in a build without CUDA.
std::vector<StageTiming> time_cuda_tracking(const std::vector<ImageU8>& frames, const std::vector<EyeRegion>& regions,
                                            DetectorParams params, const std::string& mode, int count, int segments);

}  // namespace pt::cli
