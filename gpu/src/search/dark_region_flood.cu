#include "dark_region_flood.cuh"

#include "pt/gpu/cuda_check.hpp"

namespace pt::gpu::search {
namespace {

constexpr int kPitchAlignment = 16;

__global__ void __launch_bounds__(kSearchThreads)
    dark_region_floods(CViewU8 image, const FloodQuery* queries, int count, DeviceDarkRegions* results,
                       FloodScratch scratch) {
  for (int i = 0; i < count; ++i) {
    const FloodQuery q = queries[i];
    const DeviceDarkRegions found = block_grow_dark_region(image, q.seed, q.min_radius, q.max_radius, scratch);
    if (threadIdx.x == 0) results[i] = found;
  }
}

}  // namespace

int enable_flood_shared_memory(const void* kernel) {
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

int launch_flood_shared_bytes() {
  static const int bytes = enable_flood_shared_memory(reinterpret_cast<const void*>(&dark_region_floods));
  return bytes;
}

FloodScratchBuffers::FloodScratchBuffers(int width, int height)
    : pitch_((width + kPitchAlignment - 1) / kPitchAlignment * kPitchAlignment),
      rows_(height),
      join_(static_cast<std::size_t>(pitch_) * static_cast<std::size_t>(height)) {}

void launch_dark_region_floods(CViewU8 image, const FloodQuery* queries, int count, DeviceDarkRegions* results,
                               const FloodScratch& scratch, cudaStream_t stream) {
  dark_region_floods<<<1, kSearchThreads, scratch.shared_bytes, stream>>>(image, queries, count, results, scratch);
  PT_CUDA_CHECK_LAUNCH();
}

}  // namespace pt::gpu::search
