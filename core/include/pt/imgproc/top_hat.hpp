#pragma once
#include "pt/imgproc/min_max_filter.hpp"

namespace pt {

// White top-hat with a k x k square: the image minus its opening. Bright details narrower than
// the square (corneal reflections) stand out; everything broader goes to zero.
class TopHatFilter {
 public:
  void apply(CViewU8 src, ViewU8 dst, int k);

 private:
  RectExtremumFilter extremum_;
  ImageU8 eroded_;
  ImageU8 opened_;
};

}  // namespace pt
