#pragma once
// Shared-memory tiles: each block of the filter kernels produces a kTileW x kTileH piece of its
// output from a tile of the input loaded once into shared memory, with the filter's reach
// around it.
#include <cstdint>

#include "pt/gpu/device_view.hpp"

namespace pt::gpu {

constexpr int kTileW = 64;
constexpr int kTileH = 32;

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

}  // namespace pt::gpu
