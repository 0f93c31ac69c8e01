#include <cassert>

#include "pt/gpu/cuda_check.hpp"
#include "pt/gpu/hessian_maps.hpp"

namespace pt::gpu {

void upload_async(cudaStream_t stream, ImageView<const float> src, DeviceViewF32 dst) {
  assert(src.width == dst.width && src.height == dst.height);
  if (src.empty()) return;
  PT_CUDA_CHECK(cudaMemcpy2DAsync(dst.data, dst.pitch, src.data, static_cast<std::size_t>(src.stride) * sizeof(float),
                                  static_cast<std::size_t>(src.width) * sizeof(float),
                                  static_cast<std::size_t>(src.height), cudaMemcpyHostToDevice, stream));
}

void download_async(cudaStream_t stream, CDeviceViewF32 src, ImageView<float> dst) {
  assert(src.width == dst.width && src.height == dst.height);
  if (src.empty()) return;
  PT_CUDA_CHECK(cudaMemcpy2DAsync(dst.data, static_cast<std::size_t>(dst.stride) * sizeof(float), src.data, src.pitch,
                                  static_cast<std::size_t>(src.width) * sizeof(float),
                                  static_cast<std::size_t>(src.height), cudaMemcpyDeviceToHost, stream));
}

}  // namespace pt::gpu
