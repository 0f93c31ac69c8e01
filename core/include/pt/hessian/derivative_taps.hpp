#pragma once
// The separable kernels of the Hessian at one scale: a sampled Gaussian and its first and second
// derivatives, scale-normalised (times sigma and sigma^2) so that responses at different scales
// compare, as multi-scale maxima need (Lindeberg's gamma = 1).
#include <vector>

namespace pt::hessian {

// The largest scale the filters take; the CUDA kernels size their tiles for its radius.
inline constexpr double kMaxSigma = 8.0;
inline constexpr int kMaxRadius = 32;

// Taps by distance k from the centre, k = 0..radius, radius = ceil(4 sigma): at 3 sigma the
// second derivative's tail still holds 9 % of its peak, and cutting it there shifts responses by
// about a tenth. With f(x +- k) the neighbours of x and sums over k = 1..radius:
//   smooth: f(x) smooth[0] + sum smooth[k] (f(x+k) + f(x-k)),        which sums to one;
//   first:  sum first[k] (f(x+k) - f(x-k)),                           exact on ramps;
//   second: sum second[k] (f(x+k) + f(x-k) - 2 f(x)),                 exact on parabolas.
// Truncation would otherwise bias them; the exactness is restored by the normalisation. The
// second derivative is taken from differences so that flat regions give exactly zero; as a
// full kernel its centre tap is second[0] = -2 sum second[k].
struct DerivativeTaps {
  double sigma = 0.0;
  int radius = 0;
  std::vector<float> smooth;
  std::vector<float> first;
  std::vector<float> second;
};

// Throws std::invalid_argument unless 0 < sigma <= kMaxSigma.
[[nodiscard]] DerivativeTaps derivative_taps(double sigma);

}  // namespace pt::hessian
