#include "pt/imgproc/gaussian_taps.hpp"

#include <cmath>
#include <stdexcept>
#include <vector>

namespace pt {

GaussianTaps gaussian_taps(int ksize, double sigma) {
  if (ksize < 1 || ksize > 2 * GaussianTaps::kMaxRadius + 1 || ksize % 2 == 0 || sigma <= 0.0) {
    throw std::invalid_argument("Gaussian kernel size must be odd, 1 to 31, and sigma > 0");
  }
  constexpr std::uint32_t kOne = 1U << 16;  // 16 fractional bits
  GaussianTaps taps;
  taps.radius = ksize / 2;
  std::vector<double> k(static_cast<std::size_t>(ksize));
  double sum = 0.0;
  for (int i = 0; i < ksize; ++i) {
    const double d = i - taps.radius;
    k[static_cast<std::size_t>(i)] = std::exp(-d * d / (2.0 * sigma * sigma));
    sum += k[static_cast<std::size_t>(i)];
  }
  std::uint32_t sides = 0;
  for (int d = 1; d <= taps.radius; ++d) {
    const double share = k[static_cast<std::size_t>(taps.radius + d)] / sum;
    taps.weights[d] = static_cast<std::uint16_t>(std::lround(share * static_cast<double>(kOne)));
    sides += 2U * taps.weights[d];
  }
  // Outer taps that round to nothing add nothing; dropping them saves their work, and keeps the
  // rounding correction below honest. A blur left with no side taps is a copy.
  while (taps.radius > 0 && taps.weights[taps.radius] == 0) --taps.radius;
  // The centre takes whatever the rounded side taps leave, so the weights sum to exactly one and
  // flat areas stay flat.
  if (taps.radius > 0) taps.weights[0] = static_cast<std::uint16_t>(kOne - sides);
  return taps;
}

}  // namespace pt
