#pragma once
// The rules of the reflection fill that the CPU (ReflectionRemover) and the GPU (reflection_fill)
// share. Every choice they make depends on sets of pixels and their raster order, never on the
// order in which a walk happens to meet them, so that the GPU can build each set in parallel and
// still match the CPU to the bit.
#include "pt/host_device.hpp"

namespace pt::reflection_fill {

// Interpolating from every border pixel costs area x perimeter; a border larger than this is
// sampled once per sector around the reflection, which keeps the fill smooth at a bounded cost.
inline constexpr int kMaxBorderSamples = 48;
// Light scattered around a glint fades over a few pixels beyond the part bright enough to be
// found; on a dark pupil it would read as a border of its own. A ring around the found part is
// still that halo when the next ring out is darker nearly all around: when at least this share of
// its pixels are darker than the mean of their neighbours on the ring. Noise alone darkens half a
// ring; a ring that only partly darkens outward meets the pupil or the iris.
inline constexpr float kHaloShare = 0.75F;

// The sector, of kMaxBorderSamples equal steps of the diamond angle (the angle measured along the
// square's diagonals, which whole numbers give exactly), of the offset (dx, dy) from a
// reflection's centre. Offsets are doubled, so that the centre of a bounding box is whole too;
// the centre itself falls in sector 0.
PT_HOST_DEVICE constexpr int border_sector(int dx, int dy) {
  constexpr int kPerQuadrant = kMaxBorderSamples / 4;
  int quadrant = 0;
  // Quarter turns bring any other offset to dx > 0, dy >= 0.
  while (!(dx > 0 && dy >= 0) && (dx != 0 || dy != 0)) {
    const int turned = dx;
    dx = dy;
    dy = -turned;
    ++quadrant;
  }
  if (dx == 0) return 0;
  return quadrant * kPerQuadrant + kPerQuadrant * dy / (dx + dy);
}

// The sector of pixel (x, y) around the bounding box [x0, x1] x [y0, y1].
PT_HOST_DEVICE constexpr int border_sector(int x, int y, int x0, int y0, int x1, int y1) {
  return border_sector(2 * x - (x0 + x1), 2 * y - (y0 + y1));
}

}  // namespace pt::reflection_fill
