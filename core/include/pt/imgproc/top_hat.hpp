#pragma once
#include <cstdint>

#include "pt/imgproc/min_max_filter.hpp"

namespace pt {

// White top-hat with a k x k square: the image minus its opening. Bright details narrower than
// the square (corneal reflections) stand out; everything broader goes to zero.
class TopHatFilter {
 public:
  void apply(CViewU8 src, ViewU8 dst, int k);
  // mask = 255 where the top-hat exceeds `level` on a pixel of at least `min_value`, else 0:
  // apply() and a threshold in one pass, without the response image.
  void threshold(CViewU8 src, ViewU8 mask, int k, std::uint8_t level, std::uint8_t min_value);

 private:
  RectExtremumFilter extremum_;
};

}  // namespace pt
