#pragma once
// Launch shape of the kernels that give one thread to each pixel.
#include "pt/gpu/device_view.hpp"

namespace pt::gpu {

constexpr dim3 kPixelBlock{32, 8, 1};

inline dim3 pixel_grid(int width, int height) {
  return {(static_cast<unsigned>(width) + kPixelBlock.x - 1) / kPixelBlock.x,
          (static_cast<unsigned>(height) + kPixelBlock.y - 1) / kPixelBlock.y, 1};
}

}  // namespace pt::gpu
