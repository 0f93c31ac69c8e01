#pragma once
// Rectangular erosion (min) and dilation (max) whose cost per pixel does not depend on the
// kernel size (van Herk / Gil-Werman block prefix and suffix extrema, run separably).
// Pixels outside the image are ignored, as OpenCV's erode/dilate do with their default border.
#include <cstdint>
#include <vector>

#include "pt/image.hpp"

namespace pt {

enum class Extremum : unsigned char { Min, Max };

// Kernel of kw x kh pixels anchored at (kw/2, kh/2), as OpenCV anchors a rectangle.
// Reuses its scratch buffers across calls, so one filter object per thread and stage.
class RectExtremumFilter {
 public:
  void apply(CViewU8 src, ViewU8 dst, int kw, int kh, Extremum op);

 private:
  std::vector<std::uint8_t> line_;
  std::vector<std::uint8_t> prefix_;
  std::vector<std::uint8_t> suffix_;
  ImageU8 tmp_;
  ImageU8 col_prefix_;
  ImageU8 col_suffix_;
};

}  // namespace pt
