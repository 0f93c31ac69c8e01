#pragma once
// Corneal-reflection removal (top-hat, threshold, dilation, each reflection widened by the halo
// of scattered light that still fades away from it, then filled by distance-weighted
// interpolation from the pixels around it), so that bright glints on the pupil border do not
// read as pupil edges and leave no new edge where they were.
#include <cstdint>
#include <vector>

#include "pt/image.hpp"
#include "pt/imgproc/min_max_filter.hpp"
#include "pt/imgproc/top_hat.hpp"
#include "pt/pupil/detector_params.hpp"

namespace pt {

class ReflectionRemover {
 public:
  // dst receives src with reflections filled; mask receives 255 on reflection pixels, else 0.
  // dst may not alias src. Returns the number of reflections found.
  int apply(CViewU8 src, ViewU8 dst, ViewU8 mask, const ReflectionParams& params);

 private:
  void find_mask(CViewU8 src, ViewU8 mask, const ReflectionParams& params);
  // Fills one reflection; false (and the mask cleared there) when the shape is no reflection.
  bool fill_component(CViewU8 src, ViewU8 dst, ViewU8 mask, int seed_x, int seed_y, const ReflectionParams& params);
  // Adds to the component (inside_) the rings of its halo around it; border_ becomes the
  // first ring beyond.
  void take_halo(CViewU8 src, ViewU8 mask);

  TopHatFilter tophat_;
  RectExtremumFilter grow_;
  ImageU8 thresholded_;
  Image<std::uint32_t> border_stamp_;  // component id that last took this pixel as border
  std::uint32_t component_id_ = 0;
  std::vector<std::int32_t> stack_;
  std::vector<std::int32_t> inside_;
  std::vector<std::int32_t> border_;
  std::vector<std::int32_t> next_ring_;
  std::vector<float> descents_;  // grey step from a ring pixel to its neighbour one ring out
  std::vector<float> border_x_;
  std::vector<float> border_y_;
  std::vector<float> border_v_;
};

}  // namespace pt
