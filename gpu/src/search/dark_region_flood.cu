#include "dark_region_flood.cuh"

#include "../kernel_shared_memory.hpp"
#include "pt/gpu/cuda_check.hpp"

namespace pt::gpu::search {
namespace {

__global__ void __launch_bounds__(kFloodThreads)
    dark_region_floods(CViewU8 image, const FloodQuery* queries, int count, DeviceDarkRegions* results,
                       FloodScratch scratch) {
  for (int i = 0; i < count; ++i) {
    const FloodQuery q = queries[i];
    const DeviceDarkRegions found = block_grow_dark_region(image, q.seed, q.min_radius, q.max_radius, scratch);
    if (threadIdx.x == 0) results[i] = found;
  }
}

}  // namespace

int launch_flood_shared_bytes() {
  static const int bytes = enable_most_shared_memory(reinterpret_cast<const void*>(&dark_region_floods));
  return bytes;
}

FloodScratchBuffers::FloodScratchBuffers(int width, int height)
    : width_(width),
      height_(height),
      mark_words_(mark_words(width)),
      capacity_(width * height),
      marks_(static_cast<std::size_t>(mark_words_) * static_cast<std::size_t>(height)),
      frontier_(2 * static_cast<std::size_t>(capacity_)),
      pending_(3 * static_cast<std::size_t>(capacity_)) {
  // Each flood leaves the marks as it found them.
  zero_device_now(marks_.data(), marks_.size() * sizeof(std::uint32_t));
}

FloodScratch FloodScratchBuffers::view(int shared_bytes) const noexcept {
  return {marks_.data(), mark_words_, width_, height_, frontier_.data(), pending_.data(), capacity_, shared_bytes};
}

int FloodScratchBuffers::shared_bytes_wanted() const noexcept { return flood_bytes_wanted(width_, height_); }

void launch_dark_region_floods(CViewU8 image, const FloodQuery* queries, int count, DeviceDarkRegions* results,
                               const FloodScratch& scratch, cudaStream_t stream, int threads) {
  if (threads < kSearchThreads || threads > kFloodThreads) throw CudaError("launch_dark_region_floods: block size out of range");
  dark_region_floods<<<1, static_cast<unsigned>(threads), scratch.shared_bytes, stream>>>(image, queries, count, results, scratch);
  PT_CUDA_CHECK_LAUNCH();
}

}  // namespace pt::gpu::search
