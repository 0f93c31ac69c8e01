#pragma once
#include <cstdint>

#include "pt/eye.hpp"
#include "pt/geometry.hpp"

namespace pt {

// One eye's result for one frame. When `detected` is false (closed eye, blink, no pupil) the
// ellipse is meaningless and must not be plotted or exported as a size.
struct PupilMeasurement {
  EyeSide eye = EyeSide::Invalid;
  bool detected = false;
  float confidence = 0.0F;  // 0..1: share of the fitted border backed by edges, times contrast
  Ellipse ellipse;          // full-frame pixel coordinates
  int edge_points = 0;
  int inliers = 0;
  int iterations = 0;
  RectI searched;           // the frame pixels searched: the eye region, or a tracking window
};

}  // namespace pt
