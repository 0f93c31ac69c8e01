#pragma once
// Rectangular erosion (min) and dilation (max) whose cost per pixel does not depend on the
// kernel size (van Herk / Gil-Werman block prefix and suffix extrema, run separably).
// Pixels outside the image are ignored, as OpenCV's erode/dilate do with their default border.
#include <array>
#include <cstdint>
#include <vector>

#include "pt/image.hpp"
#include "pt/imgproc/row_sink.hpp"

namespace pt {

enum class Extremum : unsigned char { Min, Max };

namespace detail {
// Scratch of the passes behind RectExtremumFilter, kept across calls.
struct ExtremumScratch {
  std::vector<std::uint8_t> neutral_row;
  std::vector<std::uint8_t> row_suffix;  // suffix extrema of the vertical pass's current block
  std::vector<std::uint8_t> row_prefix;
  std::vector<std::uint8_t> band;        // vertically filtered rows awaiting the horizontal pass
  std::array<std::vector<std::uint8_t>, 2> columns;  // a band transposed, a line per column; its filtered copy
  std::vector<std::uint8_t> column_suffix;
  std::vector<std::uint8_t> half_opened;  // opening(): erosion and horizontal dilation done
};
}  // namespace detail

// Kernel of kw x kh pixels anchored at (kw/2, kh/2), as OpenCV anchors a rectangle.
// Reuses its scratch buffers across calls, so one filter object per thread and stage.
class RectExtremumFilter {
 public:
  // dst must not overlap src.
  void apply(CViewU8 src, ViewU8 dst, int kw, int kh, Extremum op);
  // The same filter, handing each row to `sink` in order instead of storing it; the row stays
  // valid until the sink returns.
  void apply(CViewU8 src, int kw, int kh, Extremum op, RowSink sink);
  // Erosion then dilation with the same rectangle (the morphological opening), rows to `sink`.
  // Cheaper than two apply() calls: both horizontal passes share one pair of transposes.
  void opening(CViewU8 src, int kw, int kh, RowSink sink);

 private:
  detail::ExtremumScratch scratch_;
};

}  // namespace pt
