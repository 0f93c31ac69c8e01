#pragma once
// Corneal-reflection removal (top-hat, threshold, dilation, each reflection widened by the halo
// of scattered light that still fades away from it, then filled by distance-weighted
// interpolation from the pixels around it), so that bright glints on the pupil border do not
// read as pupil edges and leave no new edge where they were. The fill's rules, shared with the
// GPU, are in reflection_fill_rules.hpp.
#include <cstdint>
#include <vector>

#include "pt/image.hpp"
#include "pt/imgproc/top_hat.hpp"
#include "pt/pupil/detector_params.hpp"

namespace pt {

class ReflectionRemover {
 public:
  struct Pixel {
    int x;
    int y;
  };

  // dst receives src with reflections filled; mask receives 255 on reflection pixels, else 0.
  // dst may not alias src. Returns the number of reflections filled. Without params.fill, dst
  // is src and the mask the dilated threshold of the top-hat, every bright narrow shape in it.
  int apply(CViewU8 src, ViewU8 dst, ViewU8 mask, const ReflectionParams& params);

 private:
  // Copies src to dst and writes the dilated threshold mask, noting the rows it marks.
  void find_mask(CViewU8 src, ViewU8 dst, ViewU8 mask, const ReflectionParams& params);
  // Fills one reflection; false (and the mask cleared there) when the shape is no reflection.
  bool fill_component(CViewU8 src, ViewU8 dst, ViewU8 mask, Pixel seed, const ReflectionParams& params);
  // Marks the shape holding `seed` too large for a reflection and notes its pixels in taken_;
  // returns its area.
  std::size_t mark_too_large(ViewU8 mask, Pixel seed);
  // Adds to the component (inside_) the rings of its halo around it; border_ becomes the first
  // ring beyond.
  void take_halo(CViewU8 src, ViewU8 mask);
  // The interpolation's samples: every pixel of border_, in its (raster) order.
  void sample_border(CViewU8 src);
  // Writes the fill of every pixel of inside_ from the samples.
  void interpolate(ViewU8 dst);

  TopHatFilter tophat_;
  std::vector<std::uint8_t> padded_;      // one mask row with margins
  std::vector<std::uint8_t> spread_;      // the same row dilated along x
  std::vector<std::uint8_t> row_marked_;  // per row of the dilated mask: holds a mark
  std::vector<Pixel> stack_;
  std::vector<Pixel> inside_;
  std::vector<Pixel> border_;
  std::vector<Pixel> next_ring_;
  std::vector<Pixel> taken_;    // pixels of every component, whose marks are settled at the end
  std::vector<float> border_x_;
  std::vector<float> border_y_;
  std::vector<float> border_v_;
};

}  // namespace pt
