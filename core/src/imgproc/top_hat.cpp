#include "pt/imgproc/top_hat.hpp"

#include <utility>

namespace pt {

void TopHatFilter::apply(CViewU8 src, ViewU8 dst, int k) {
  eroded_.resize(src.width, src.height);
  opened_.resize(src.width, src.height);
  extremum_.apply(src, eroded_.view(), k, k, Extremum::Min);
  extremum_.apply(std::as_const(eroded_).view(), opened_.view(), k, k, Extremum::Max);
  for (int y = 0; y < src.height; ++y) {
    const std::uint8_t* s = src.row(y);
    const std::uint8_t* o = opened_.data() + static_cast<std::ptrdiff_t>(y) * src.width;
    std::uint8_t* d = dst.row(y);
    // The opening never exceeds the image, so the difference cannot wrap.
    for (int x = 0; x < src.width; ++x) d[x] = static_cast<std::uint8_t>(s[x] - o[x]);
  }
}

}  // namespace pt
