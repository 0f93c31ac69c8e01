#include <cmath>
#include <stdexcept>
#include <vector>

#include "pt/gpu/smoothing.hpp"

namespace pt::gpu {

// The derivation must match GaussianFilter's constructor operation for operation (the double
// sum in index order, lround, trimming of zero outer taps, the centre taking the remainder):
// any difference in a weight shows as a grey level somewhere. core keeps its weights private,
// so they are derived again here; the GPU tests compare both filters pixel by pixel.
GaussianTaps gaussian_taps(int ksize, double sigma) {
  constexpr int kMaxRadius = 15;
  if (ksize < 1 || ksize > 2 * kMaxRadius + 1 || ksize % 2 == 0 || sigma <= 0.0) {
    throw std::invalid_argument("Gaussian kernel size must be odd, 1 to 31, and sigma > 0");
  }
  constexpr double kOne = 65536.0;
  GaussianTaps taps;
  taps.radius = ksize / 2;
  std::vector<double> profile;
  double total = 0.0;
  for (int i = -taps.radius; i <= taps.radius; ++i) {
    profile.push_back(std::exp(-static_cast<double>(i) * i / (2.0 * sigma * sigma)));
    total += profile.back();
  }
  unsigned sides = 0;
  for (int d = 1; d <= taps.radius; ++d) {
    const double share = profile[static_cast<std::size_t>(taps.radius + d)] / total;
    taps.weights[d] = static_cast<std::uint16_t>(std::lround(share * kOne));
    sides += 2U * taps.weights[d];
  }
  while (taps.radius > 0 && taps.weights[taps.radius] == 0) --taps.radius;
  taps.weights[0] = taps.radius == 0 ? 0 : static_cast<std::uint16_t>(65536U - sides);
  return taps;
}

}  // namespace pt::gpu
