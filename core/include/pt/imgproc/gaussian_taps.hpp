#pragma once
// The fixed-point weights of GaussianFilter, public so that the CUDA blur uses the very same
// ones: a weight that differed by one unit would show as a grey level somewhere.
#include <cstdint>

namespace pt {

struct GaussianTaps {
  static constexpr int kMaxRadius = 15;
  int radius = 0;  // 0: the blur is a copy
  // By distance from the centre, 16 fractional bits: w[0] + 2 (w[1] + ... + w[radius]) is one.
  // A plain array, so that kernels take the taps by value.
  std::uint16_t weights[kMaxRadius + 1] = {};
};

// Throws std::invalid_argument unless ksize is odd, 1 to 31, and sigma > 0.
GaussianTaps gaussian_taps(int ksize, double sigma);

}  // namespace pt
