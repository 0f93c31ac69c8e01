#include "pt/pupil/halving_pyramid.hpp"

#include <algorithm>
#include <cstdint>
#include <utility>

namespace pt {

void HalvingPyramid::reset(CViewU8 image) noexcept {
  base_ = image;
  built_ = 0;
}

CViewU8 HalvingPyramid::level(int level) {
  if (level <= 0) return base_;
  if (halvings_.size() < static_cast<std::size_t>(level)) halvings_.resize(static_cast<std::size_t>(level));
  for (; built_ < level; ++built_) {
    const CViewU8 src = built_ == 0 ? base_ : std::as_const(halvings_[static_cast<std::size_t>(built_ - 1)]).view();
    ImageU8& dst = halvings_[static_cast<std::size_t>(built_)];
    const int w = std::max(1, src.width / 2);
    const int h = std::max(1, src.height / 2);
    dst.resize(w, h);
    for (int y = 0; y < h; ++y) {
      const std::uint8_t* r0 = src.row(std::min(2 * y, src.height - 1));
      const std::uint8_t* r1 = src.row(std::min(2 * y + 1, src.height - 1));
      std::uint8_t* out = dst.data() + static_cast<std::ptrdiff_t>(y) * w;
      for (int x = 0; x < w; ++x) {
        const int x0 = std::min(2 * x, src.width - 1);
        const int x1 = std::min(2 * x + 1, src.width - 1);
        out[x] = static_cast<std::uint8_t>((r0[x0] + r0[x1] + r1[x0] + r1[x1] + 2) / 4);
      }
    }
  }
  return std::as_const(halvings_[static_cast<std::size_t>(level - 1)]).view();
}

}  // namespace pt
