#pragma once
// What host code sees of the device's border levels, rise and isophote trace
// (border_levels.cuh, isophote_trace.cuh): their results and launchers of one block for the
// parity tests.
#include <vector>

#include "pt/geometry.hpp"
#include "pt/image.hpp"
#include "pt/pupil/border_refinement.hpp"

namespace pt::gpu::search {

struct LevelsResult {
  bool ok = false;  // false: too few samples clear of reflections and the image's edge
  BorderLevels value;
};

struct RiseResult {
  bool ok = false;  // false: the profile does not rise that far
  float rise_px = 0.0F;
};

struct IsophoteTrace {
  bool ok = false;  // false: more rays than threads, or the list too small
  int points = 0;
};

// The launchers run one block on images in device memory and wait for it.
LevelsResult border_levels_on_device(CViewU8 image, CViewU8 reflections, const Ellipse& e, float blur_px);
RiseResult border_rise_on_device(CViewU8 image, CViewU8 reflections, const Ellipse& e, const BorderLevels& levels);
bool two_step_on_device(CViewU8 image, CViewU8 reflections, bool has_fit, const Ellipse& e, float blur_px);

struct TracedIsophote {
  IsophoteTrace trace;
  std::vector<Point2f> points;
};
TracedIsophote trace_isophote_on_device(CViewU8 image, CViewU8 reflections, const Ellipse& e, float level, int rays);

}  // namespace pt::gpu::search
