#include <stdexcept>

#include "kernel_span.cuh"
#include "pt/gpu/cuda_check.hpp"
#include "pt/gpu/image_transfer.hpp"
#include "pt/gpu/smoothing.hpp"
#include "tile_io.cuh"

namespace pt::gpu {
namespace {

constexpr int kThreads = 256;
// 5x5 (the default) to 9x9 unroll; wider blurs loop.
using UnrolledRadii = std::integer_sequence<int, 1, 2, 3, 4>;
// GaussianFilter's fixed point: 16-bit weights, vertical sums in 8.7 fixed point, every tap one
// truncating 16x16 -> high-half multiply, sums wrapping in 16 bits exactly as its uint16 lanes.
constexpr int kWeightBits = 16;
constexpr int kFraction = 7;

__device__ __forceinline__ std::uint16_t scale(unsigned x, unsigned weight) {
  return static_cast<std::uint16_t>((x * weight) >> kWeightBits);
}

__device__ __forceinline__ unsigned fixed(int pixels) { return static_cast<std::uint16_t>(pixels << kFraction); }

// Reflect-101 (OpenCV's default border: -1 -> 1, n -> n - 2), for any distance outside.
__device__ __forceinline__ int mirror(int i, int n) {
  if (i >= 0 && i < n) return i;  // nearly every pixel of a tile: no division for them
  if (n == 1) return 0;
  const int period = 2 * n - 2;
  int m = i % period;
  if (m < 0) m += period;
  return m < n ? m : period - m;
}

template <class Span>
__global__ void __launch_bounds__(kThreads) gaussian_kernel(CDeviceViewU8 src, DeviceViewU8 dst, GaussianTaps taps, Span radius) {
  extern __shared__ std::uint16_t sums[];  // kTileH rows of vertical sums, radius columns either side
  const int r_max = radius.size;
  const int tile_w = kTileW + 2 * r_max;
  const int tile_h = kTileH + 2 * r_max;
  auto* const pixels = reinterpret_cast<std::uint8_t*>(sums + kTileH * tile_w);
  const int x0 = static_cast<int>(blockIdx.x) * kTileW;
  const int y0 = static_cast<int>(blockIdx.y) * kTileH;
  load_tile_mapped(
      src, pixels, x0 - r_max, y0 - r_max, tile_w, tile_h, [&](int x) { return mirror(x, src.width); },
      [&](int y) { return mirror(y, src.height); });
  __syncthreads();
  for (int i = static_cast<int>(threadIdx.x); i < kTileH * tile_w; i += kThreads) {
    const std::uint8_t* p = pixels + (i / tile_w + r_max) * tile_w + i % tile_w;
    auto acc = scale(fixed(p[0]), taps.weights[0]);
#pragma unroll
    for (int d = 1; d <= radius.size; ++d) {
      acc = static_cast<std::uint16_t>(acc + scale(fixed(p[-d * tile_w] + p[d * tile_w]), taps.weights[d]));
    }
    sums[i] = acc;
  }
  __syncthreads();
  // Half a grey level, plus half a unit back for each of the radius + 1 truncating multiplies.
  const auto rounding = static_cast<std::uint16_t>((1U << (kFraction - 1)) + r_max + 1);
  for (int i = static_cast<int>(threadIdx.x); i < kTileH * kTileW; i += kThreads) {
    const int r = i / kTileW;
    const int c = i % kTileW;
    if (!inside_image(src, x0 + c, y0 + r)) continue;
    const std::uint16_t* q = sums + r * tile_w + c + r_max;
    auto acc = static_cast<std::uint16_t>(rounding + scale(q[0], taps.weights[0]));
#pragma unroll
    for (int d = 1; d <= radius.size; ++d) {
      acc = static_cast<std::uint16_t>(acc + scale(static_cast<std::uint16_t>(q[-d] + q[d]), taps.weights[d]));
    }
    dst.at(x0 + c, y0 + r) = static_cast<std::uint8_t>(acc >> kFraction);
  }
}

}  // namespace

GaussianBlur::GaussianBlur(int ksize, double sigma) : taps_(gaussian_taps(ksize, sigma)) {}

void GaussianBlur::operator()(cudaStream_t stream, CDeviceViewU8 src, DeviceViewU8 dst) const {
  if (src.empty()) return;
  if (taps_.radius == 0) {
    copy_async(stream, src, dst);
    return;
  }
  const int tile_w = kTileW + 2 * taps_.radius;
  const auto bytes = static_cast<std::size_t>(kTileH * tile_w) * sizeof(std::uint16_t) +
                     static_cast<std::size_t>(tile_w * (kTileH + 2 * taps_.radius));
  with_span(taps_.radius, UnrolledRadii{}, [&](auto radius) {
    gaussian_kernel<<<tile_grid(src), kThreads, bytes, stream>>>(src, dst, taps_, radius);
    PT_CUDA_CHECK_LAUNCH();
  });
}

}  // namespace pt::gpu
