#include "kernel_shared_memory.hpp"

#include <cuda_runtime_api.h>

#include "pt/gpu/cuda_check.hpp"

namespace pt::gpu {

int enable_most_shared_memory(const void* kernel) {
  int device = 0;
  PT_CUDA_CHECK(cudaGetDevice(&device));
  int per_block = 0;
  PT_CUDA_CHECK(cudaDeviceGetAttribute(&per_block, cudaDevAttrMaxSharedMemoryPerBlockOptin, device));
  cudaFuncAttributes attributes{};
  PT_CUDA_CHECK(cudaFuncGetAttributes(&attributes, kernel));
  const int bytes = per_block - static_cast<int>(attributes.sharedSizeBytes);
  PT_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes));
  return bytes;
}

}  // namespace pt::gpu
