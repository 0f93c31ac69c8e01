#pragma once
// Shared-memory tiles: each block of the filter kernels produces a kTileW x kTileH piece of its
// output from a tile of the input loaded once into shared memory, with the filter's reach
// around it.
#include <cstdint>

#include "pt/gpu/device_view.hpp"

namespace pt::gpu {

constexpr int kTileW = 64;
constexpr int kTileH = 32;

constexpr int round_up(int n, int m) { return (n + m - 1) / m * m; }

inline dim3 tile_grid(CDeviceViewU8 image) {
  return {static_cast<unsigned>((image.width + kTileW - 1) / kTileW), static_cast<unsigned>((image.height + kTileH - 1) / kTileH), 1};
}

__device__ __forceinline__ bool inside_image(CDeviceViewU8 image, int x, int y) {
  return x >= 0 && y >= 0 && x < image.width && y < image.height;
}

// tile(r, c) = image(x_origin + c, y_origin + r), or `outside` where that lies off the image.
__device__ __forceinline__ void load_tile(CDeviceViewU8 image, std::uint8_t* tile, int x_origin, int y_origin, int w,
                                          int h, std::uint8_t outside) {
  for (int i = static_cast<int>(threadIdx.x); i < w * h; i += static_cast<int>(blockDim.x)) {
    const int x = x_origin + i % w;
    const int y = y_origin + i / w;
    tile[i] = inside_image(image, x, y) ? image.at(x, y) : outside;
  }
}

// tile(r, c) = image(map_x(x_origin + c), map_y(y_origin + r)): the border rule of a filter that
// extends the image (mirrored, replicated) instead of ignoring what lies outside.
template <class MapX, class MapY>
__device__ __forceinline__ void load_tile_mapped(CDeviceViewU8 image, std::uint8_t* tile, int x_origin, int y_origin,
                                                 int w, int h, MapX map_x, MapY map_y) {
  for (int i = static_cast<int>(threadIdx.x); i < w * h; i += static_cast<int>(blockDim.x)) {
    tile[i] = image.at(map_x(x_origin + i % w), map_y(y_origin + i / w));
  }
}

// Whether the words of an image's rows that start at column x, x + 4, ... are word-aligned.
__device__ __forceinline__ bool words_aligned(CDeviceViewU8 image, int x) {
  return ((reinterpret_cast<std::uintptr_t>(image.data) | image.pitch | static_cast<unsigned>(x)) & 3U) == 0;
}

// tile(r, c) = image(x_origin + c, y_origin + r), or `outside` where that lies off the image, for
// c < w, a multiple of 4, into rows `stride` bytes apart: one 32-bit load where the
// word is aligned and lies on the image, byte by byte elsewhere. Each thread has several loads in
// flight before it stores any: a block's tile is a few loads per thread, and waiting out the
// memory latency of each in turn would take longer than the filtering.
__device__ __forceinline__ void load_tile_words(CDeviceViewU8 image, std::uint8_t* tile, int stride, int x_origin,
                                                int y_origin, int w, int h, std::uint8_t outside) {
  constexpr int kInFlight = 8;
  const bool aligned = words_aligned(image, x_origin);
  const int words = w / 4;
  const int n = words * h;
  const int step = static_cast<int>(blockDim.x);
  for (int first = static_cast<int>(threadIdx.x); first < n; first += kInFlight * step) {
    std::uint32_t loaded[kInFlight];
#pragma unroll
    for (int k = 0; k < kInFlight; ++k) {
      const int i = first + k * step;
      const int x = x_origin + i % words * 4;
      const int y = y_origin + i / words;
      loaded[k] = 0;
      if (i >= n) continue;
      if (aligned && y >= 0 && y < image.height && x >= 0 && x + 4 <= image.width) {
        loaded[k] = *reinterpret_cast<const std::uint32_t*>(image.row(y) + x);
      } else {
#pragma unroll
        for (int b = 0; b < 4; ++b) {
          const std::uint8_t v = inside_image(image, x + b, y) ? image.at(x + b, y) : outside;
          loaded[k] |= static_cast<std::uint32_t>(v) << (8 * b);
        }
      }
    }
#pragma unroll
    for (int k = 0; k < kInFlight; ++k) {
      const int i = first + k * step;
      if (i < n) *reinterpret_cast<std::uint32_t*>(tile + i / words * stride + i % words * 4) = loaded[k];
    }
  }
}

// 0xFF in byte b where (x + b, y) lies on the image, else 0.
__device__ __forceinline__ std::uint32_t inside_bytes(CDeviceViewU8 image, int x, int y) {
  std::uint32_t mask = 0;
#pragma unroll
  for (int b = 0; b < 4; ++b) mask |= inside_image(image, x + b, y) ? 0xFFU << (8 * b) : 0U;
  return mask;
}

}  // namespace pt::gpu
