#include "pt/gpu/device_memory.hpp"

#include "pt/gpu/cuda_check.hpp"
#include "pt/gpu/stream.hpp"

namespace pt::gpu::detail {

void* allocate_device(std::size_t bytes) {
  void* p = nullptr;
  if (bytes > 0) PT_CUDA_CHECK(cudaMalloc(&p, bytes));
  return p;
}

Pitched allocate_pitched(std::size_t row_bytes, int rows) {
  Pitched p{nullptr, row_bytes};
  if (row_bytes > 0 && rows > 0) PT_CUDA_CHECK(cudaMallocPitch(&p.data, &p.pitch, row_bytes, static_cast<std::size_t>(rows)));
  return p;
}

void* allocate_pinned(std::size_t bytes) {
  void* p = nullptr;
  if (bytes > 0) PT_CUDA_CHECK(cudaMallocHost(&p, bytes));
  return p;
}

// A failed free leaves nothing to recover and may not throw from a destructor.
void free_device(void* p) noexcept { (void)cudaFree(p); }
void free_pinned(void* p) noexcept { (void)cudaFreeHost(p); }

}  // namespace pt::gpu::detail

namespace pt::gpu {

void zero_device_now(void* dst, std::size_t bytes) {
  const Stream own;
  PT_CUDA_CHECK(cudaMemsetAsync(dst, 0, bytes, own.get()));
  own.synchronize();
}

void upload_now(void* dst, const void* src, std::size_t bytes) {
  const Stream own;
  PT_CUDA_CHECK(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyHostToDevice, own.get()));
  own.synchronize();
}

}  // namespace pt::gpu
