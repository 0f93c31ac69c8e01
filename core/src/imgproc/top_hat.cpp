#include "pt/imgproc/top_hat.hpp"

#include <cassert>

namespace pt {

// The row loops below read everything through locals: a store through a byte pointer could
// change anything reached by reference, and the reloads would keep the loops from vectorising.

void TopHatFilter::apply(CViewU8 src, ViewU8 dst, int k) {
  assert(src.width == dst.width && src.height == dst.height);
  extremum_.opening(src, k, k, [src, dst](int y, const std::uint8_t* opened) {
    const std::uint8_t* s = src.row(y);
    std::uint8_t* d = dst.row(y);
    const int w = src.width;
    // The opening never exceeds the image, so the difference cannot wrap.
    for (int x = 0; x < w; ++x) d[x] = static_cast<std::uint8_t>(s[x] - opened[x]);
  });
}

void TopHatFilter::threshold(CViewU8 src, ViewU8 mask, int k, std::uint8_t level, std::uint8_t min_value) {
  assert(src.width == mask.width && src.height == mask.height);
  extremum_.opening(src, k, k, [src, mask, level, min_value](int y, const std::uint8_t* opened) {
    const std::uint8_t* s = src.row(y);
    std::uint8_t* m = mask.row(y);
    const int w = src.width;
    for (int x = 0; x < w; ++x) {
      const auto response = static_cast<std::uint8_t>(s[x] - opened[x]);
      m[x] = response > level && s[x] >= min_value ? std::uint8_t{255} : std::uint8_t{0};
    }
  });
}

}  // namespace pt
