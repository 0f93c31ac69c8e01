#pragma once
// Where a reflection mask has marks: the filter tiles (kMarkTileW x kMarkTileH pixels, numbered in
// raster order) that hold any, in device memory. The labelling of the mask's components then
// reads those tiles alone; an eye region's glints lie in a few of its hundreds.
#include "pt/host_device.hpp"

namespace pt::gpu {

constexpr int kMarkTileW = 64;
constexpr int kMarkTileH = 32;

struct MarkedTiles {
  int* count = nullptr;  // tiles listed; kEveryTile when they were not listed
  int* list = nullptr;   // room for every tile of the region

  static constexpr int kEveryTile = -1;  // all bytes 0xFF, for a memset
  [[nodiscard]] PT_HOST_DEVICE bool empty() const noexcept { return count == nullptr; }
};

constexpr int mark_tiles(int width, int height) {
  return ((width + kMarkTileW - 1) / kMarkTileW) * ((height + kMarkTileH - 1) / kMarkTileH);
}

}  // namespace pt::gpu
