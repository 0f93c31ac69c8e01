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

// A pixel waiting for the level of its grey, and the grey.
struct PendingPixel {
  std::uint32_t packed;  // y << 16 | x
  std::uint32_t grey;
};

// Where the flood keeps what does not fit in the launch's dynamic shared memory. The marks of
// the pixels reached are bits, rows of `mark_words` words, all zero between floods (a flood
// clears the ones it set). The lists hold `capacity` entries each: a pixel is in one at most.
struct FloodScratch {
  std::uint32_t* marks = nullptr;
  int mark_words = 0;
  int width = 0;  // the largest image it serves
  int rows = 0;
  std::uint32_t* frontier = nullptr;  // two lists of packed pixels, one after the other
  PendingPixel* pending = nullptr;    // three lists
  int capacity = 0;
  int shared_bytes = 0;  // of dynamic shared memory the kernel is launched with
  // Counts the floods that the join-level window decided, for tests that must see it decide;
  // null: not counted.
  int* window_floods = nullptr;
};


// Owns the scratch for images up to width x height.
class FloodScratchBuffers {
 public:
  FloodScratchBuffers(int width, int height);
  [[nodiscard]] FloodScratch view(int shared_bytes = 0) const noexcept;
  // The dynamic shared memory with which a flood in the largest image keeps everything there but
  // the rare longest lists.
  [[nodiscard]] int shared_bytes_wanted() const noexcept;

 private:
  int width_;
  int height_;
  int mark_words_;
  int capacity_;
  DeviceBuffer<std::uint32_t> marks_;
  DeviceBuffer<std::uint32_t> frontier_;
  DeviceBuffer<PendingPixel> pending_;
};

struct FloodQuery {
  Point2f seed;
  float min_radius;
  float max_radius;
};

// Grows a region for each query, in turn, in one block of `threads` (kSearchThreads to
// kFloodThreads, search_block.cuh): image, queries and results in device memory. Asynchronous on
// `stream`. The launch gives the flood `scratch.shared_bytes` of dynamic shared memory, at most
// launch_flood_shared_bytes().
void launch_dark_region_floods(CViewU8 image, const FloodQuery* queries, int count, DeviceDarkRegions* results,
                               const FloodScratch& scratch, cudaStream_t stream, int threads);
[[nodiscard]] int launch_flood_shared_bytes();

}  // namespace pt::gpu::search
