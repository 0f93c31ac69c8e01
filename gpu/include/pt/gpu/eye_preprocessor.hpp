#pragma once
// The preprocessing of one eye region on the GPU, as EyePupilTracker does it on the CPU:
// reflection removal, then the configured smoothing. Buffers are allocated once for the largest
// region; each call only enqueues on the stream it is given (one stream per eye).
#include <optional>

#include <cuda_runtime_api.h>

#include "pt/gpu/captured_work.hpp"
#include "pt/gpu/reflection_remover.hpp"
#include "pt/gpu/smoothing.hpp"
#include "pt/pupil/detector_params.hpp"

namespace pt::gpu {

struct PreprocessedEye {
  DeviceViewU8 cleaned;   // reflections filled
  DeviceViewU8 mask;      // 255 on reflections (and their halos)
  DeviceViewU8 smoothed;  // cleaned, smoothed: what the pupil search reads
  bool operator==(const PreprocessedEye&) const = default;
};

class EyePreprocessor {
 public:
  EyePreprocessor(int max_width, int max_height);
  // The outputs have src's size and overlap neither src nor one another. Arguments that repeat
  // are captured into a graph, which later calls with them relaunch.
  void operator()(cudaStream_t stream, CDeviceViewU8 src, const PreprocessedEye& out, const ReflectionParams& reflections,
                  const SmoothingParams& smoothing);
  // The same work enqueued as it is, never captured: for a capture that takes it with other work.
  void enqueue(cudaStream_t stream, CDeviceViewU8 src, const PreprocessedEye& out, const ReflectionParams& reflections,
               const SmoothingParams& smoothing);
  [[nodiscard]] const int* reflections_filled() const noexcept { return reflections_.filled_count(); }

 private:
  // The blur's weights are derived on the host; a new size or sigma derives them again.
  const GaussianBlur& gaussian(const SmoothingParams& smoothing);

  struct Arguments {
    CDeviceViewU8 src;
    PreprocessedEye out;
    ReflectionParams reflections;
    SmoothingParams smoothing;
    bool operator==(const Arguments&) const = default;
  };

  ReflectionRemover reflections_;
  std::optional<GaussianBlur> gaussian_;
  int gaussian_size_ = 0;
  double gaussian_sigma_ = 0.0;
  CapturedOnRepeat<Arguments> captured_;
};

}  // namespace pt::gpu
