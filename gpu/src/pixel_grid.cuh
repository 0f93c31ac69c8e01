#pragma once
// Launch shape of the kernels that give one thread to each pixel, and each thread's pixel.
#include "pt/gpu/device_view.hpp"

namespace pt::gpu {

constexpr dim3 kPixelBlock{32, 8, 1};

// `planes` copies of the image side by side in blockIdx.z.
inline dim3 pixel_grid(int width, int height, int planes = 1) {
  return {(static_cast<unsigned>(width) + kPixelBlock.x - 1) / kPixelBlock.x,
          (static_cast<unsigned>(height) + kPixelBlock.y - 1) / kPixelBlock.y, static_cast<unsigned>(planes)};
}

struct Pixel {
  int x;
  int y;
  bool valid;  // inside the image
};

__device__ __forceinline__ Pixel this_pixel(int width, int height) {
  const int x = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  const int y = static_cast<int>(blockIdx.y * blockDim.y + threadIdx.y);
  return {x, y, x < width && y < height};
}

}  // namespace pt::gpu
