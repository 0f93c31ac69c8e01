#pragma once
// The smoothing stage on device images, bit-exact with the CPU's GaussianFilter (the same 16-bit
// fixed point, mirrored borders) and MedianFilter (replicated borders). Calls only enqueue.
#include <cstdint>

#include <cuda_runtime_api.h>

#include "pt/gpu/device_view.hpp"
#include "pt/imgproc/gaussian_taps.hpp"

namespace pt::gpu {

class GaussianBlur {
 public:
  GaussianBlur(int ksize, double sigma);
  // dst must not overlap src.
  void operator()(cudaStream_t stream, CDeviceViewU8 src, DeviceViewU8 dst) const;

 private:
  GaussianTaps taps_;
};

// Square median of side 2 * radius + 1. dst must not overlap src. Throws std::invalid_argument
// when the tile for the radius does not fit in shared memory.
void median_blur(cudaStream_t stream, CDeviceViewU8 src, DeviceViewU8 dst, int radius);

}  // namespace pt::gpu
