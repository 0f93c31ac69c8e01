#pragma once
#include <cuda_runtime_api.h>

#include "pt/gpu/device_view.hpp"
#include "pt/gpu/marked_tiles.hpp"
#include "pt/gpu/reflection_fill.hpp"

namespace pt::gpu {

// Places of ReflectionFill's counters.
enum ReflectionCounter : int {
  kComponentsFound = 0,
  kReflectionsFilled = 1,
  kSamplesStored = 2,  // border samples reserved in the store so far
  kFillTurn = 3,       // the next component, in raster order, that a fill block takes
  kPixelsTaken = 4,    // pixels listed for the interpolation
  kChunksListed = 5,   // chunks of them (InterpolationChunk)
  kReflectionCounters = 6
};

// Workspace of the labelling, all in device memory, images dense (row stride = region width).
struct ComponentLabels {
  int* owner;
  int* slot_of;
  ReflectionComponent* found;
  int* counters;
};

// Enqueues the labelling of the mask's 8-connected components, which lie in the tiles that
// `tiles` lists (or anywhere, for MarkedTiles::kEveryTile): owner = the raster index of each
// component's first pixel on its pixels (other pixels' entries are left as they were); found
// lists each component with its area and bounding box (in no particular order); counters reset.
void label_components(cudaStream_t stream, CDeviceViewU8 mask, const MarkedTiles& tiles, const ComponentLabels& labels);

}  // namespace pt::gpu
