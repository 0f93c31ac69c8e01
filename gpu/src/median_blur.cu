#include <stdexcept>

#include "pt/gpu/cuda_check.hpp"
#include "pt/gpu/smoothing.hpp"
#include "tile_io.cuh"

namespace pt::gpu {
namespace {

constexpr int kThreads = 256;
constexpr std::size_t kMaxSharedBytes = 48 * 1024;

__device__ __forceinline__ int clamp_index(int i, int n) { return i < 0 ? 0 : (i >= n ? n - 1 : i); }

__global__ void __launch_bounds__(kThreads) median_kernel(CDeviceViewU8 src, DeviceViewU8 dst, int radius) {
  extern __shared__ std::uint8_t tile[];
  const int side = 2 * radius + 1;
  const int tile_w = kTileW + 2 * radius;
  const int x0 = static_cast<int>(blockIdx.x) * kTileW;
  const int y0 = static_cast<int>(blockIdx.y) * kTileH;
  load_tile_mapped(
      src, tile, x0 - radius, y0 - radius, tile_w, kTileH + 2 * radius, [&](int x) { return clamp_index(x, src.width); },
      [&](int y) { return clamp_index(y, src.height); });
  __syncthreads();
  const int rank = side * side / 2;  // the median's place among the window's values, from 0
  for (int i = static_cast<int>(threadIdx.x); i < kTileH * kTileW; i += kThreads) {
    const int r = i / kTileW;
    const int c = i % kTileW;
    if (!inside_image(src, x0 + c, y0 + r)) continue;
    // The largest value m with fewer than rank + 1 window values below it is the median; its
    // bits are settled from the highest down, one count over the window each (no sorting, no
    // histogram per thread).
    unsigned median = 0;
    for (int bit = 7; bit >= 0; --bit) {
      const unsigned candidate = median | (1U << bit);
      int below = 0;
      for (int dy = 0; dy < side; ++dy) {
        const std::uint8_t* row = tile + (r + dy) * tile_w + c;
        for (int dx = 0; dx < side; ++dx) below += row[dx] < candidate ? 1 : 0;
      }
      if (below <= rank) median = candidate;
    }
    dst.at(x0 + c, y0 + r) = static_cast<std::uint8_t>(median);
  }
}

}  // namespace

void median_blur(cudaStream_t stream, CDeviceViewU8 src, DeviceViewU8 dst, int radius) {
  if (radius < 0) throw std::invalid_argument("median_blur: radius must not be negative");
  const auto bytes = static_cast<std::size_t>((kTileW + 2 * radius) * (kTileH + 2 * radius));
  if (bytes > kMaxSharedBytes) throw std::invalid_argument("median_blur: radius too large for a shared-memory tile");
  if (src.empty()) return;
  median_kernel<<<tile_grid(src), kThreads, bytes, stream>>>(src, dst, radius);
  PT_CUDA_CHECK_LAUNCH();
}

}  // namespace pt::gpu
