#include "pt/gpu/image_transfer.hpp"

#include <cassert>

#include "pt/gpu/cuda_check.hpp"

namespace pt::gpu {
namespace {

void copy_2d(cudaStream_t stream, void* dst, std::size_t dst_pitch, const void* src, std::size_t src_pitch, int width,
             int height, cudaMemcpyKind kind) {
  if (width <= 0 || height <= 0) return;
  PT_CUDA_CHECK(cudaMemcpy2DAsync(dst, dst_pitch, src, src_pitch, static_cast<std::size_t>(width),
                                  static_cast<std::size_t>(height), kind, stream));
}

}  // namespace

void copy_async(cudaStream_t stream, CDeviceViewU8 src, DeviceViewU8 dst) {
  assert(src.width == dst.width && src.height == dst.height);
  copy_2d(stream, dst.data, dst.pitch, src.data, src.pitch, src.width, src.height, cudaMemcpyDeviceToDevice);
}

void upload_async(cudaStream_t stream, CViewU8 src, DeviceViewU8 dst) {
  assert(src.width == dst.width && src.height == dst.height);
  copy_2d(stream, dst.data, dst.pitch, src.data, static_cast<std::size_t>(src.stride), src.width, src.height,
          cudaMemcpyHostToDevice);
}

void download_async(cudaStream_t stream, CDeviceViewU8 src, ViewU8 dst) {
  assert(src.width == dst.width && src.height == dst.height);
  copy_2d(stream, dst.data, static_cast<std::size_t>(dst.stride), src.data, src.pitch, src.width, src.height,
          cudaMemcpyDeviceToHost);
}

}  // namespace pt::gpu
