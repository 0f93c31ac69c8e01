#pragma once
// The rules of the reflection fill that the CPU (ReflectionRemover) and the GPU (reflection_fill)
// share. Every choice they make depends on sets of pixels and their raster order, never on the
// order in which a walk happens to meet them, so that the GPU can build each set in parallel and
// still match the CPU to the bit:
// - the border and each ring of the halo around a reflection are the free pixels 8-connected to
//   the pixels inside them;
// - a ring joins the halo when it darkens outward (below);
// - the fill interpolates from every pixel of the final border, summed in raster order. Any
//   subsample of it (tried: every n-th pixel along the border, one pixel per angular sector)
//   leaves a fill that shifts small pupils' edges: on 300 synthetic 320x240 frames (seed 4,
//   pupiltrack-cli eval) the diameter's median error was 0.71 and 1.13 px with those, 0.31 px
//   with the whole border.
#include <cmath>
#include <numbers>

#include "pt/host_device.hpp"

namespace pt::reflection_fill {

// The most rings a reflection of `area` pixels may take as halo: about as wide as the glint.
// IEEE single-precision division and square root, rounded alike on the host and the device.
PT_HOST_DEVICE inline int halo_rings(int area) {
  return static_cast<int>(std::sqrt(static_cast<float>(area) / std::numbers::pi_v<float>));
}

// Light scattered around a glint fades over a few pixels beyond the part bright enough to be
// found; on a dark pupil it would read as a border of its own. A ring around the found part is
// still that halo when the next ring out is darker nearly all around: when at least this share of
// its pixels are darker than the mean of their neighbours on the ring. Noise alone darkens half a
// ring; a ring that only partly darkens outward meets the pupil or the iris.
inline constexpr float kHaloShare = 0.75F;

}  // namespace pt::reflection_fill
