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
// Windows that fit in the launch's dynamic shared memory are worked on there.
struct FloodScratch {
  std::uint8_t* join = nullptr;
  int pitch = 0;  // whole multiples of 16, so that a row's 16-pixel runs load as one vector
  int rows = 0;
  int shared_bytes = 0;  // of dynamic shared memory the kernel is launched with
};

// Lets `kernel` (a __global__ function that grows regions) launch with as much dynamic shared
// memory as the device gives a block beside its static shared memory, and returns that size.
int enable_flood_shared_memory(const void* kernel);

// Owns the scratch for images up to width x height.
class FloodScratchBuffers {
 public:
  FloodScratchBuffers(int width, int height);
  [[nodiscard]] FloodScratch view(int shared_bytes = 0) const noexcept { return {join_.data(), pitch_, rows_, shared_bytes}; }

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
// results in device memory. Asynchronous on `stream`. The launch gives the flood
// `scratch.shared_bytes` of dynamic shared memory, at most launch_flood_shared_bytes().
void launch_dark_region_floods(CViewU8 image, const FloodQuery* queries, int count, DeviceDarkRegions* results,
                               const FloodScratch& scratch, cudaStream_t stream);
[[nodiscard]] int launch_flood_shared_bytes();

}  // namespace pt::gpu::search
