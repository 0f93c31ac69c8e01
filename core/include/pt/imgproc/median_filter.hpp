#pragma once
#include <vector>

#include "pt/image.hpp"

namespace pt {

// Square median filter of side 2*radius+1 with replicated borders (as cv::medianBlur).
// A running histogram per row (Huang) makes the cost per pixel linear in the radius.
class MedianFilter {
 public:
  void apply(CViewU8 src, ViewU8 dst, int radius);

 private:
  std::vector<const std::uint8_t*> rows_;
};

}  // namespace pt
