#pragma once
// The image binarised at several grey levels at once and its dark blobs labeled in parallel
// (union-find over runs of dark pixels, each blob rooted at its first pixel in raster order), then the
// border of one chosen blob per level gathered in raster order: the device's side of
// ThresholdLabelingSearch's label_below, largest_blob and collect_border. Levels are called
// slots: plane k of a batch labels slot first + k, with that slot's threshold and target.
#include <cstdint>

#include <cuda_runtime_api.h>

#include "pt/geometry.hpp"
#include "pt/image.hpp"

namespace pt::gpu::tl {

// The most border points a slot keeps: its list is put in raster order in one block's shared
// memory.
constexpr int kMostBorderPoints = 8192;

// One int per pixel and plane, planes one after another: labels (-1 for a pixel not dark, else
// its blob's root, the raster index of the blob's first pixel) and, at each root, the blob's area.
struct LabelPlanes {
  int* labels = nullptr;
  int* areas = nullptr;
  int planes = 0;  // at most this many slots labeled at once
};

// Per slot, in device memory.
struct Slots {
  const float* thresholds = nullptr;   // pixels with a grey below it are dark
  unsigned long long* largest = nullptr;  // largest_key() of the slot's largest blob, 0 for none
  const int* targets = nullptr;        // the blob whose border is gathered (its root), -1 for none
  std::uint32_t* keys = nullptr;       // `capacity` a slot: border pixels' raster indices
  Point2f* points = nullptr;           // `capacity` a slot: the border, sub-pixel, raster order
  std::uint8_t* inlier = nullptr;      // `capacity` a slot, for the fit that reads `points`
  int* counts = nullptr;               // border pixels found; above `capacity`: too many to keep
  int capacity = 0;                    // at most kMostBorderPoints
};

// A blob's key: larger for a larger blob, and among equals for the earlier root, which the
// CPU's labels number first.
__host__ __device__ inline unsigned long long largest_key(int area, int root) {
  return static_cast<unsigned long long>(area) << 32U | (0xFFFFFFFFU - static_cast<unsigned>(root));
}
__host__ __device__ inline int key_area(unsigned long long key) { return static_cast<int>(key >> 32U); }
__host__ __device__ inline int key_root(unsigned long long key) {
  return static_cast<int>(0xFFFFFFFFU - static_cast<unsigned>(key & 0xFFFFFFFFULL));
}

// Labels slots [first, first + count) of `image` (device) into planes 0..count-1 and finds
// each slot's largest blob. count <= planes.planes.
void label_dark_blobs(cudaStream_t stream, CViewU8 image, const LabelPlanes& planes, const Slots& slots, int first,
                      int count);

// Gathers, for slots [first, first + count) labeled in planes 0..count-1, the border of the
// target blob off the pixels marked in `reflections` (device; may be empty), each pixel moved to
// where the image crosses the slot's threshold. Sets each slot's count; zeroes it first.
void gather_borders(cudaStream_t stream, CViewU8 image, CViewU8 reflections, const LabelPlanes& planes,
                    const Slots& slots, int first, int count);

}  // namespace pt::gpu::tl
