#pragma once
// DarkRegionGrower::grow on the device: the same candidates to the bit, found by one block.
// Host side: the scratch it needs and a launcher that runs floods one after another in one block.
#include <cstdint>

#include <cuda_runtime.h>

#include "pt/geometry.hpp"
#include "pt/gpu/device_memory.hpp"
#include "pt/image.hpp"
#include "pt/pupil/dark_region_levels.hpp"

namespace pt::gpu::search {

// Every field as DarkRegionGrower::grow gives it.
using DeviceDarkRegions = DarkRegionFinds;

// Global memory holding each pixel's join level (the grey level at which the flood takes it),
// laid out like the image with rows of `pitch` bytes. Only a window around the seed is written.
struct FloodScratch {
  std::uint8_t* join = nullptr;
  int pitch = 0;  // whole multiples of 16, so that a row's 16-pixel runs load as one vector
  int rows = 0;
};

// Owns the scratch for images up to width x height.
class FloodScratchBuffers {
 public:
  FloodScratchBuffers(int width, int height);
  [[nodiscard]] FloodScratch view() const noexcept { return {join_.data(), pitch_, rows_}; }

 private:
  int pitch_;
  int rows_;
  DeviceBuffer<std::uint8_t> join_;
};

struct FloodQuery {
  Point2f seed;
  float min_radius;
  float max_radius;
};

// Grows a region for each query, in turn, in one block of the search's size: image, queries and
// results in device memory. Asynchronous on `stream`.
void launch_dark_region_floods(CViewU8 image, const FloodQuery* queries, int count, DeviceDarkRegions* results,
                               const FloodScratch& scratch, cudaStream_t stream);

}  // namespace pt::gpu::search
