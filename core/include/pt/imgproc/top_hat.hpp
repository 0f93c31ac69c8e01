#pragma once
#include <cstdint>
#include <vector>

#include "pt/imgproc/min_max_filter.hpp"
#include "pt/imgproc/row_sink.hpp"

namespace pt {

// White top-hat with a k x k square: the image minus its opening. Bright details narrower than
// the square (corneal reflections) stand out; everything broader goes to zero.
class TopHatFilter {
 public:
  void apply(CViewU8 src, ViewU8 dst, int k);
  // mask = 255 where the top-hat exceeds `level` on a pixel of at least `min_value`, else 0:
  // apply() and a threshold in one pass, without the response image.
  void threshold(CViewU8 src, ViewU8 mask, int k, std::uint8_t level, std::uint8_t min_value);
  // The same mask handed to `sink` row by row, in order, so a caller can use each row while the
  // source row is still in cache instead of storing the whole mask.
  void threshold(CViewU8 src, int k, std::uint8_t level, std::uint8_t min_value, RowSink sink);

 private:
  RectExtremumFilter extremum_;
  std::vector<std::uint8_t> mask_row_;
};

}  // namespace pt
