#include "pt/imgproc/gaussian_filter.hpp"

#include <cassert>
#include <cmath>
#include <algorithm>
#include <stdexcept>

namespace pt {
namespace {
constexpr int kMaxTaps = 31;
// Weights carry 12 fractional bits and rows keep 8 between the passes: rounding stays well
// under half a grey level, and every sum fits its integer type.
constexpr int kWeightBits = 12;
constexpr int kOne = 1 << kWeightBits;
constexpr int kRowShift = kWeightBits - 8;
constexpr unsigned kRowRound = 1U << (kRowShift - 1);
constexpr int kOutShift = kWeightBits + 8;
}  // namespace

int reflect101(int i, int n) noexcept {
  if (n == 1) return 0;
  while (i < 0 || i >= n) i = i < 0 ? -i : 2 * n - 2 - i;
  return i;
}

GaussianFilter::GaussianFilter(int ksize, double sigma) : radius_(ksize / 2) {
  if (ksize < 1 || ksize > kMaxTaps || ksize % 2 == 0 || sigma <= 0.0) {
    throw std::invalid_argument("Gaussian kernel size must be odd, 1 to 31, and sigma > 0");
  }
  std::vector<double> k(static_cast<std::size_t>(ksize));
  double sum = 0.0;
  for (int i = 0; i < ksize; ++i) {
    const double d = i - radius_;
    k[static_cast<std::size_t>(i)] = std::exp(-d * d / (2.0 * sigma * sigma));
    sum += k[static_cast<std::size_t>(i)];
  }
  weights_.resize(k.size());
  int total = 0;
  for (std::size_t i = 0; i < k.size(); ++i) {
    weights_[i] = static_cast<std::uint16_t>(std::lround(k[i] / sum * kOne));
    total += weights_[i];
  }
  // Rounding may leave the sum off 256 by a little; the centre tap absorbs it so flat areas
  // stay exactly flat.
  weights_[static_cast<std::size_t>(radius_)] =
      static_cast<std::uint16_t>(weights_[static_cast<std::size_t>(radius_)] + kOne - total);
}

void GaussianFilter::apply(CViewU8 src, ViewU8 dst) {
  assert(src.width == dst.width && src.height == dst.height);
  const int w = src.width;
  const int h = src.height;
  const int r = radius_;
  const int taps = 2 * r + 1;
  rows_.resize(static_cast<std::size_t>(w) * static_cast<std::size_t>(h));
  col_index_.resize(static_cast<std::size_t>(w + 2 * r));
  for (int i = 0; i < w + 2 * r; ++i) col_index_[static_cast<std::size_t>(i)] = reflect101(i - r, w);

  for (int y = 0; y < h; ++y) {
    const std::uint8_t* s = src.row(y);
    std::uint16_t* out = rows_.data() + static_cast<std::ptrdiff_t>(y) * w;
    auto through_map = [&](int x) {
      unsigned acc = 0;
      for (int t = 0; t < taps; ++t) {
        acc += weights_[static_cast<std::size_t>(t)] * s[col_index_[static_cast<std::size_t>(x + t)]];
      }
      out[x] = static_cast<std::uint16_t>((acc + kRowRound) >> kRowShift);
    };
    // Border columns go through the reflect map; the interior reads straight and vectorises.
    const int lo = std::min(r, w);
    const int hi = std::max(lo, w - r);
    for (int x = 0; x < lo; ++x) through_map(x);
    for (int x = lo; x < hi; ++x) {
      unsigned acc = 0;
      for (int t = 0; t < taps; ++t) acc += weights_[static_cast<std::size_t>(t)] * s[x + t - r];
      out[x] = static_cast<std::uint16_t>((acc + kRowRound) >> kRowShift);
    }
    for (int x = hi; x < w; ++x) through_map(x);
  }
  for (int y = 0; y < h; ++y) {
    std::uint8_t* d = dst.row(y);
    const std::uint16_t* rp[kMaxTaps];
    for (int t = 0; t < taps; ++t) {
      rp[t] = rows_.data() + static_cast<std::ptrdiff_t>(reflect101(y + t - r, h)) * w;
    }
    for (int x = 0; x < w; ++x) {
      std::uint32_t acc = 0;
      for (int t = 0; t < taps; ++t) acc += std::uint32_t{weights_[static_cast<std::size_t>(t)]} * rp[t][x];
      d[x] = static_cast<std::uint8_t>((acc + (1U << (kOutShift - 1))) >> kOutShift);
    }
  }
}

}  // namespace pt
