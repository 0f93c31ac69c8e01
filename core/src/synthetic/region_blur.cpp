#include "region_blur.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace pt::synthetic {
namespace {

// 8-bit weights keep every sum within 16 bits (255 * 256), so the loops run on 16-bit lanes.
constexpr int kShift = 8;

}  // namespace

RegionBlur::RegionBlur(double sigma) : radius_(std::max(1, static_cast<int>(std::ceil(3.0 * sigma)))) {
  std::vector<double> w(static_cast<std::size_t>(2 * radius_ + 1));
  double sum = 0.0;
  for (int k = -radius_; k <= radius_; ++k) {
    const double v = std::exp(-0.5 * k * k / (sigma * sigma));
    w[static_cast<std::size_t>(k + radius_)] = v;
    sum += v;
  }
  weights_.resize(w.size());
  int total = 0;
  for (std::size_t i = 0; i < w.size(); ++i) {
    weights_[i] = static_cast<std::uint16_t>(std::lround(w[i] / sum * (1 << kShift)));
    total += weights_[i];
  }
  // Rounding leftovers go to the centre tap, so flat areas keep their grey exactly.
  weights_[static_cast<std::size_t>(radius_)] =
      static_cast<std::uint16_t>(weights_[static_cast<std::size_t>(radius_)] + (1 << kShift) - total);
}

void RegionBlur::apply(ViewU8 region) {
  if (region.empty()) return;
  const int w = region.width;
  const int h = region.height;
  constexpr std::uint16_t kHalf = 1 << (kShift - 1);
  horizontal_.resize(w, h);
  padded_row_.resize(static_cast<std::size_t>(w + 2 * radius_));
  sums_.resize(static_cast<std::size_t>(w));
  for (int y = 0; y < h; ++y) {
    const std::uint8_t* src = region.row(y);
    std::memset(padded_row_.data(), src[0], static_cast<std::size_t>(radius_));
    std::memcpy(padded_row_.data() + radius_, src, static_cast<std::size_t>(w));
    std::memset(padded_row_.data() + radius_ + w, src[w - 1], static_cast<std::size_t>(radius_));
    std::fill(sums_.begin(), sums_.end(), kHalf);
    // Tap by tap over the whole row: the inner loop is a plain multiply-add the compiler vectorises.
    for (int k = 0; k <= 2 * radius_; ++k) {
      const std::uint16_t weight = weights_[static_cast<std::size_t>(k)];
      const std::uint8_t* src_k = padded_row_.data() + k;
      for (int x = 0; x < w; ++x) sums_[static_cast<std::size_t>(x)] += static_cast<std::uint16_t>(weight * src_k[x]);
    }
    std::uint8_t* dst = horizontal_.data() + static_cast<std::ptrdiff_t>(y) * w;
    for (int x = 0; x < w; ++x) dst[x] = static_cast<std::uint8_t>(sums_[static_cast<std::size_t>(x)] >> kShift);
  }
  for (int y = 0; y < h; ++y) {
    std::fill(sums_.begin(), sums_.end(), kHalf);
    for (int k = -radius_; k <= radius_; ++k) {
      const int sy = std::clamp(y + k, 0, h - 1);
      const std::uint8_t* src = horizontal_.data() + static_cast<std::ptrdiff_t>(sy) * w;
      const std::uint16_t weight = weights_[static_cast<std::size_t>(k + radius_)];
      for (int x = 0; x < w; ++x) sums_[static_cast<std::size_t>(x)] += static_cast<std::uint16_t>(weight * src[x]);
    }
    std::uint8_t* dst = region.row(y);
    for (int x = 0; x < w; ++x) dst[x] = static_cast<std::uint8_t>(sums_[static_cast<std::size_t>(x)] >> kShift);
  }
}

}  // namespace pt::synthetic
