#include "pt/hessian/derivative_taps.hpp"

#include <cmath>
#include <sstream>
#include <stdexcept>

namespace pt::hessian {

DerivativeTaps derivative_taps(double sigma) {
  if (!(sigma > 0.0) || sigma > kMaxSigma) {
    std::ostringstream message;
    message << "Hessian scale must be in (0, " << kMaxSigma << "] px, got " << sigma;
    throw std::invalid_argument(message.str());
  }
  DerivativeTaps t;
  t.sigma = sigma;
  t.radius = static_cast<int>(std::ceil(4.0 * sigma));
  const auto n = static_cast<std::size_t>(t.radius) + 1;
  std::vector<double> g(n);
  std::vector<double> g2(n);
  double g_sum = 0.0;
  double g2_sum = 0.0;
  for (std::size_t k = 0; k < n; ++k) {
    const double x = static_cast<double>(k);
    g[k] = std::exp(-x * x / (2.0 * sigma * sigma));
    g2[k] = (x * x / (sigma * sigma) - 1.0) * g[k];
    const double both_sides = k == 0 ? 1.0 : 2.0;
    g_sum += both_sides * g[k];
    g2_sum += both_sides * g2[k];
  }
  // The second derivative of a constant must be zero: remove the truncated kernel's mean in
  // proportion to the Gaussian, which keeps its shape.
  for (std::size_t k = 0; k < n; ++k) g2[k] -= g[k] * g2_sum / g_sum;
  double first_moment = 0.0;   // response of the raw first taps (k g) to the ramp f = x
  double second_moment = 0.0;  // response of the second taps to the parabola f = x^2 / 2
  for (std::size_t k = 1; k < n; ++k) {
    const double x = static_cast<double>(k);
    first_moment += 2.0 * x * x * g[k];
    second_moment += x * x * g2[k];
  }
  t.smooth.resize(n);
  t.first.resize(n);
  t.second.resize(n);
  double second_sides = 0.0;
  for (std::size_t k = 0; k < n; ++k) {
    t.smooth[k] = static_cast<float>(g[k] / g_sum);
    t.first[k] = static_cast<float>(sigma * static_cast<double>(k) * g[k] / first_moment);
    t.second[k] = static_cast<float>(sigma * sigma * g2[k] / second_moment);
    if (k > 0) second_sides += 2.0 * static_cast<double>(t.second[k]);
  }
  t.second[0] = static_cast<float>(-second_sides);
  return t;
}

}  // namespace pt::hessian
