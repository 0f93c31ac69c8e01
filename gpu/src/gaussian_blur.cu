#include <stdexcept>

#include "chained_launch.cuh"
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

// Half a grey level, plus half a unit back for each of the radius + 1 truncating multiplies.
__device__ __forceinline__ std::uint16_t half_and_truncations(int radius) {
  return static_cast<std::uint16_t>((1U << (kFraction - 1)) + radius + 1);
}

// Reflect-101 (OpenCV's default border: -1 -> 1, n -> n - 2), for any distance outside.
__device__ __forceinline__ int mirror(int i, int n) {
  if (i >= 0 && i < n) return i;  // nearly every pixel of a tile: no division for them
  if (n == 1) return 0;
  const int period = 2 * n - 2;
  int m = i % period;
  if (m < 0) m += period;
  return m < n ? m : period - m;
}

// Wider blurs: the vertical sums of a tile's rows in shared memory, then the horizontal ones.
__global__ void __launch_bounds__(kThreads) gaussian_kernel(CDeviceViewU8 src, DeviceViewU8 dst, GaussianTaps taps) {
  await_previous_grid();
  allow_next_grid();
  extern __shared__ std::uint16_t sums[];  // kTileH rows of vertical sums, radius columns either side
  const int r_max = taps.radius;
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
    for (int d = 1; d <= r_max; ++d) {
      acc = static_cast<std::uint16_t>(acc + scale(fixed(p[-d * tile_w] + p[d * tile_w]), taps.weights[d]));
    }
    sums[i] = acc;
  }
  __syncthreads();
  const std::uint16_t rounding = half_and_truncations(r_max);
  for (int i = static_cast<int>(threadIdx.x); i < kTileH * kTileW; i += kThreads) {
    const int r = i / kTileW;
    const int c = i % kTileW;
    if (!inside_image(src, x0 + c, y0 + r)) continue;
    const std::uint16_t* q = sums + r * tile_w + c + r_max;
    auto acc = static_cast<std::uint16_t>(rounding + scale(q[0], taps.weights[0]));
    for (int d = 1; d <= r_max; ++d) {
      acc = static_cast<std::uint16_t>(acc + scale(static_cast<std::uint16_t>(q[-d] + q[d]), taps.weights[d]));
    }
    dst.at(x0 + c, y0 + r) = static_cast<std::uint8_t>(acc >> kFraction);
  }
}

// The unrolled radii, with the pixels in registers: a thread takes four adjacent columns (a word)
// of kRowsPerThread output rows, reads the tile's rows above and below once each (three words a
// row), and keeps the 2R + 1 rows its sums need while it moves down. The tile starts a word
// before the output, so its loads and the outputs are whole words.
constexpr int kWordThreads = 128;
constexpr int kWordColumns = kTileW / 4;
constexpr int kRowsPerThread = kTileH / (kWordThreads / kWordColumns);
constexpr int kMargin = 4;  // the tile's bytes either side of the output: any unrolled radius
constexpr int kTileWords = (kTileW + 2 * kMargin) / 4;
// Rows 20 words apart: a warp's two row groups, kRowsPerThread rows apart, meet in different banks.
constexpr int kTileStride = 20;
static_assert(kTileStride >= kTileWords && kRowsPerThread * kTileStride % 32 == 16);

// Not tile_io's load_tile_words with a mirroring border: measured on the H100 (5x5, an eye
// region), that loader made this kernel 8.8 -> 11.2 us and 1.27M -> 2.32M SM cycles; its eight
// loads in flight per thread outweigh this tile's five or six.
template <int R>
__device__ __forceinline__ void load_word_tile(CDeviceViewU8 src, std::uint32_t* tile, int x0, int y0) {
  constexpr int kRows = kTileH + 2 * R;
  const bool aligned = words_aligned(src, x0);
  for (int i = static_cast<int>(threadIdx.x); i < kRows * kTileWords; i += kWordThreads) {
    const int r = i / kTileWords;
    const int w = i % kTileWords;
    const int x = x0 - kMargin + 4 * w;
    const int y = y0 - R + r;
    std::uint32_t word = 0;
    if (aligned && x >= 0 && x + 4 <= src.width && y >= 0 && y < src.height) {
      word = *reinterpret_cast<const std::uint32_t*>(src.row(y) + x);
    } else {
      const int my = mirror(y, src.height);
#pragma unroll
      for (int b = 0; b < 4; ++b) word |= static_cast<std::uint32_t>(src.at(mirror(x + b, src.width), my)) << (8 * b);
    }
    tile[r * kTileStride + w] = word;
  }
}

template <int R>
__global__ void __launch_bounds__(kWordThreads) gaussian_words_kernel(CDeviceViewU8 src, DeviceViewU8 dst, GaussianTaps taps) {
  await_previous_grid();
  allow_next_grid();
  constexpr int kColumns = 4 + 2 * R;  // the vertical sums four outputs need
  __shared__ std::uint32_t tile[(kTileH + 2 * R) * kTileStride];
  const int x0 = static_cast<int>(blockIdx.x) * kTileW;
  const int y0 = static_cast<int>(blockIdx.y) * kTileH;
  load_word_tile<R>(src, tile, x0, y0);
  __syncthreads();
  const int column = static_cast<int>(threadIdx.x) % kWordColumns;
  const int first_row = static_cast<int>(threadIdx.x) / kWordColumns * kRowsPerThread;
  // Row r's bytes 4 - R .. 7 + R around the thread's word, from its word and those either side.
  const auto row_bytes = [&](int r, unsigned (&out)[kColumns]) {
    const std::uint32_t* p = tile + r * kTileStride + column;
    const std::uint32_t words[3] = {p[0], p[1], p[2]};
#pragma unroll
    for (int j = 0; j < kColumns; ++j) out[j] = words[(kMargin - R + j) / 4] >> (8 * ((kMargin - R + j) % 4)) & 0xFFU;
  };
  unsigned rows[2 * R + 1][kColumns];
#pragma unroll
  for (int k = 0; k < 2 * R; ++k) row_bytes(first_row + k, rows[k + 1]);
  const std::uint16_t rounding = half_and_truncations(R);
  const int x = x0 + 4 * column;
#pragma unroll
  for (int i = 0; i < kRowsPerThread; ++i) {
#pragma unroll
    for (int k = 0; k < 2 * R; ++k) {
#pragma unroll
      for (int j = 0; j < kColumns; ++j) rows[k][j] = rows[k + 1][j];
    }
    row_bytes(first_row + i + 2 * R, rows[2 * R]);
    std::uint16_t sums[kColumns];
#pragma unroll
    for (int j = 0; j < kColumns; ++j) {
      auto acc = scale(fixed(static_cast<int>(rows[R][j])), taps.weights[0]);
#pragma unroll
      for (int d = 1; d <= R; ++d) {
        acc = static_cast<std::uint16_t>(acc + scale(fixed(static_cast<int>(rows[R - d][j] + rows[R + d][j])), taps.weights[d]));
      }
      sums[j] = acc;
    }
    std::uint32_t out = 0;
#pragma unroll
    for (int c = 0; c < 4; ++c) {
      auto acc = static_cast<std::uint16_t>(rounding + scale(sums[R + c], taps.weights[0]));
#pragma unroll
      for (int d = 1; d <= R; ++d) {
        acc = static_cast<std::uint16_t>(acc + scale(static_cast<std::uint16_t>(sums[R + c - d] + sums[R + c + d]), taps.weights[d]));
      }
      out |= static_cast<std::uint32_t>(static_cast<std::uint8_t>(acc >> kFraction)) << (8 * c);
    }
    const int y = y0 + first_row + i;
    if (y >= dst.height || x >= dst.width) continue;
    if (x + 4 <= dst.width && words_aligned(dst, x)) {
      *reinterpret_cast<std::uint32_t*>(dst.row(y) + x) = out;
    } else {
      for (int c = 0; c < 4 && x + c < dst.width; ++c) dst.at(x + c, y) = static_cast<std::uint8_t>(out >> (8 * c));
    }
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
  with_span(taps_.radius, UnrolledRadii{}, [&](auto radius) {
    if constexpr (kFixedSpan<decltype(radius)>) {
      PT_CUDA_CHECK(launch_chained(gaussian_words_kernel<decltype(radius)::size>, tile_grid(src), kWordThreads, 0, stream,
                                   src, dst, taps_));
    } else {
      const int tile_w = kTileW + 2 * taps_.radius;
      const auto bytes = static_cast<std::size_t>(kTileH * tile_w) * sizeof(std::uint16_t) +
                         static_cast<std::size_t>(tile_w * (kTileH + 2 * taps_.radius));
      PT_CUDA_CHECK(launch_chained(gaussian_kernel, tile_grid(src), kThreads, bytes, stream, src, dst, taps_));
    }
  });
}

}  // namespace pt::gpu
