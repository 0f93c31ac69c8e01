#pragma once
// Hessian maps on the GPU: core's maps (pt/hessian/hessian_maps.hpp) with the same taps and
// per-pixel formulas. Each map is one fused kernel per image: derivative filtering at every scale
// and the eigen decomposition happen in shared memory and registers, and only the map itself is
// written to device memory. Calls only enqueue; sources may be 8-bit or float, outputs are float
// images of the source's size that must not overlap it.
#include <cstdint>
#include <span>
#include <vector>

#include <cuda_runtime_api.h>

#include "pt/gpu/device_memory.hpp"
#include "pt/gpu/device_view.hpp"
#include "pt/hessian/hessian_maps.hpp"

namespace pt::gpu {

using CDeviceViewF32 = DeviceView<const float>;
using DeviceViewF32 = DeviceView<float>;

// At most this many scales per call.
inline constexpr int kMaxHessianScales = 8;

struct DeviceEigenMaps {
  DeviceViewF32 lambda1;    // |lambda1| >= |lambda2|, scale-normalised
  DeviceViewF32 lambda2;
  DeviceViewF32 direction;  // of lambda1's eigenvector, radians in (-pi/2, pi/2]
};

// Scale lists are checked as the CPU checks them (std::invalid_argument), and also refused when
// longer than kMaxHessianScales or when the largest scale's tile exceeds this GPU's shared memory.
void hessian_eigen(cudaStream_t stream, CDeviceViewU8 src, double sigma, const DeviceEigenMaps& out);
void hessian_eigen(cudaStream_t stream, CDeviceViewF32 src, double sigma, const DeviceEigenMaps& out);

void blob_map(cudaStream_t stream, CDeviceViewU8 src, std::span<const double> scales, hessian::Polarity polarity,
              DeviceViewF32 dst);
void blob_map(cudaStream_t stream, CDeviceViewF32 src, std::span<const double> scales, hessian::Polarity polarity,
              DeviceViewF32 dst);

// Multi-scale Frangi vesselness. Frangi's automatic c needs each scale's largest Hessian norm over
// the whole image first, so a call is two kernels: the first reduces the norms, the second
// recomputes the Hessian and writes the maximum response over scales. The filter owns the
// reduction's buffer: one call at a time per filter.
class VesselnessFilter {
 public:
  VesselnessFilter(std::span<const double> scales, const hessian::VesselnessParams& params);
  void operator()(cudaStream_t stream, CDeviceViewU8 src, DeviceViewF32 dst);
  void operator()(cudaStream_t stream, CDeviceViewF32 src, DeviceViewF32 dst);

 private:
  template <class In>
  void run(cudaStream_t stream, DeviceView<const In> src, DeviceViewF32 dst);

  std::vector<double> scales_;
  hessian::VesselnessParams params_;
  DeviceBuffer<unsigned> max_structure_;  // per scale: the largest S^2, as float bits
};

// Float images between host and device; the host view should be pinned for real asynchrony.
void upload_async(cudaStream_t stream, ImageView<const float> src, DeviceViewF32 dst);
void download_async(cudaStream_t stream, CDeviceViewF32 src, ImageView<float> dst);

}  // namespace pt::gpu
