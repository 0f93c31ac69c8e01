#pragma once
// Corneal-reflection removal on the GPU with core's ReflectionRemover::apply as its reference
// to the bit: fused top-hat and threshold, dilation, then the fill (reflection_fill.hpp).
#include <cuda_runtime_api.h>

#include "pt/gpu/device_memory.hpp"
#include "pt/gpu/reflection_fill.hpp"
#include "pt/pupil/detector_params.hpp"

namespace pt::gpu {

class ReflectionRemover {
 public:
  // Buffers for regions up to max_width x max_height, allocated here once.
  ReflectionRemover(int max_width, int max_height);
  // Enqueues: dst = src with reflections filled (params.fill; else a copy of src); mask = 255
  // on reflection pixels, else 0. dst and mask must not overlap src. Throws
  // std::invalid_argument for a region larger than the buffers or a kernel size the GPU filters
  // do not take.
  void operator()(cudaStream_t stream, CDeviceViewU8 src, DeviceViewU8 dst, DeviceViewU8 mask,
                  const ReflectionParams& params);
  // Reflections filled by the last call, in device memory: ReflectionRemover::apply's count.
  [[nodiscard]] const int* filled_count() const noexcept { return fill_.filled_count(); }

 private:
  DeviceImageU8 thresholded_;
  ReflectionFill fill_;
};

}  // namespace pt::gpu
