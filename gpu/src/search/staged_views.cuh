#pragma once
// The images a search step samples (its rays, border rings and isophote), copied into the
// launch's dynamic shared memory where they fit: a tracking window does, a whole eye region does
// not. Each thread's rays read scattered pixels, a warp's samples on as many cache lines as it has
// lanes, and from the L1 cache every such line is a separate pass; shared memory serves a warp's
// scattered bytes in a few. The copies have rows of whole 16-byte chunks; the views keep the
// images' sizes, so every sample reads the same grey at the same position as before.
#include <cstddef>
#include <cstdint>

#include "pt/host_device.hpp"
#include "pt/image.hpp"
#include "block_threads.cuh"

namespace pt::gpu::search {

// Rows of whole chunks, so that every row of a copy starts aligned for the chunks' vector stores.
inline constexpr int kStagedChunkBytes = 16;

[[nodiscard]] PT_HOST_DEVICE constexpr int staged_row_bytes(int width) noexcept {
  return (width + kStagedChunkBytes - 1) / kStagedChunkBytes * kStagedChunkBytes;
}

// The dynamic shared memory that staging the smoothed image (and a mask beside it) of
// `width` x `height` takes.
[[nodiscard]] PT_HOST_DEVICE constexpr int staged_views_bytes(int width, int height, bool with_mask) noexcept {
  return staged_row_bytes(width) * height * (with_mask ? 2 : 1);
}

struct SearchViews {
  CViewU8 smoothed;
  CViewU8 mask;  // empty where reflections are not marked
};

namespace staging_detail {

// Each thread starts several loads before it stores any: one at a time, each would wait out
// the memory's latency alone.
constexpr int kChunksInFlight = 4;

// Copies `src` into `dst` (rows of staged_row_bytes) by all the block's threads; no barrier.
__device__ inline CViewU8 copy_view(CViewU8 src, std::uint8_t* dst) {
  const int row = staged_row_bytes(src.width);
  const int tid = static_cast<int>(threadIdx.x);
  const int threads = block_threads();
  const bool chunked = reinterpret_cast<std::uintptr_t>(src.data) % kStagedChunkBytes == 0 && src.stride % kStagedChunkBytes == 0;
  const int chunks = chunked ? src.width / kStagedChunkBytes : 0;  // whole chunks a row, read as vectors
  const int total = chunks * src.height;
  for (int base = 0; base < total; base += threads * kChunksInFlight) {
    uint4 v[kChunksInFlight];
#pragma unroll
    for (int k = 0; k < kChunksInFlight; ++k) {
      const int i = base + k * threads + tid;
      if (i < total) v[k] = __ldg(reinterpret_cast<const uint4*>(src.row(i / chunks)) + i % chunks);
    }
#pragma unroll
    for (int k = 0; k < kChunksInFlight; ++k) {
      const int i = base + k * threads + tid;
      if (i < total) reinterpret_cast<uint4*>(dst + static_cast<std::ptrdiff_t>(i / chunks) * row)[i % chunks] = v[k];
    }
  }
  // The bytes past the whole chunks: a row's last few, or every one of an unaligned image.
  const int first = chunks * kStagedChunkBytes;
  const int rest = src.width - first;
  for (int i = tid; i < rest * src.height; i += threads) {
    const int y = i / rest;
    const int x = first + i % rest;
    dst[static_cast<std::ptrdiff_t>(y) * row + x] = __ldg(src.row(y) + x);
  }
  return {dst, src.width, src.height, row};
}

}  // namespace staging_detail

// The step's views: copies in the dynamic shared memory where the launch gave enough, else the
// images themselves. Called by all threads; the copies are complete on return. A block that takes
// several steps copies again at each (the bytes are the same), after every thread is done with
// the last step's copies.
__device__ inline SearchViews stage_search_views(CViewU8 smoothed, CViewU8 mask) {
  extern __shared__ __align__(16) std::uint8_t step_shared[];
  unsigned given = 0U;
  asm("mov.u32 %0, %%dynamic_smem_size;" : "=r"(given));
  const bool with_mask = !mask.empty();
  // The mask's room is sized by the smoothed image: a search's images share one size.
  const bool same_size = !with_mask || (mask.width == smoothed.width && mask.height == smoothed.height);
  if (smoothed.empty() || !same_size ||
      staged_views_bytes(smoothed.width, smoothed.height, with_mask) > static_cast<int>(given)) {
    return {smoothed, mask};
  }
  __syncthreads();
  SearchViews v;
  v.smoothed = staging_detail::copy_view(smoothed, step_shared);
  v.mask = with_mask ? staging_detail::copy_view(mask, step_shared + staged_row_bytes(smoothed.width) * smoothed.height)
                     : mask;
  __syncthreads();
  return v;
}

}  // namespace pt::gpu::search
