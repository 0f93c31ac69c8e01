#pragma once
// One copy to the device for all of a frame's eye regions, where they tile the box around them
// (the two halves of a binocular frame): the copy engines then move the frame in one transfer of
// whole rows instead of one transfer of half rows an eye. On the H200 (session 35) a 1280x1024
// frame went at 35,600-36,200 frames/s as one 2-D copy of whole rows, as fast as one contiguous
// copy, against 31,700-32,100 as two of half rows. Throughput mode's whole-region copies are what
// the link limits.
#include <optional>
#include <span>

#include <cuda_runtime_api.h>

#include "pt/geometry.hpp"
#include "pt/gpu/device_memory.hpp"
#include "pt/image.hpp"

namespace pt::gpu {

// The box around `rects` when they cover it without overlapping, so that one copy of it moves
// no pixel that a per-rect copy would not, and each starts a multiple of 16 bytes into it, so
// that in a device copy of the box an eye's rows stay as aligned for the kernels' word and
// chunk loads as in a buffer of its own. nullopt for fewer than two rects, an empty one, rects
// that leave a gap in the box or overlap, or one that would lie unaligned.
std::optional<RectI> tiled_box(std::span<const RectI> rects);

class FrameBoxUpload {
 public:
  // Enqueues the copy of `box` (page-locked host pixels) to the device and returns its view
  // there, valid until the next call. Device memory grows to the largest box seen.
  DeviceViewU8 operator()(cudaStream_t stream, CViewU8 box);

 private:
  DeviceBuffer<std::uint8_t> pixels_;
};

}  // namespace pt::gpu
