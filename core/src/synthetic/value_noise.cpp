#include "value_noise.hpp"

#include <algorithm>
#include <cmath>

namespace pt::synthetic {
namespace {

double smooth(double t) noexcept { return t * t * (3.0 - 2.0 * t); }
double lerp(double a, double b, double t) noexcept { return a + (b - a) * t; }

}  // namespace

ValueNoise2D::ValueNoise2D(Rng& rng, int cells_x, int cells_y)
    : nx_(std::max(cells_x, 1)), ny_(std::max(cells_y, 1)) {
  lattice_.resize(static_cast<std::size_t>(nx_ + 1) * static_cast<std::size_t>(ny_ + 1));
  for (double& v : lattice_) v = rng.uniform(-1.0, 1.0);
}

double ValueNoise2D::at(double u, double v) const noexcept {
  u = std::clamp(u, 0.0, static_cast<double>(nx_));
  v = std::clamp(v, 0.0, static_cast<double>(ny_));
  const int i = std::min(static_cast<int>(u), nx_ - 1);
  const int j = std::min(static_cast<int>(v), ny_ - 1);
  const double fu = smooth(u - i);
  const double fv = smooth(v - j);
  const auto idx = [this](int x, int y) {
    return static_cast<std::size_t>(y) * static_cast<std::size_t>(nx_ + 1) + static_cast<std::size_t>(x);
  };
  const double top = lerp(lattice_[idx(i, j)], lattice_[idx(i + 1, j)], fu);
  const double bottom = lerp(lattice_[idx(i, j + 1)], lattice_[idx(i + 1, j + 1)], fu);
  return lerp(top, bottom, fv);
}

PeriodicNoise1D::PeriodicNoise1D(Rng& rng, int cells) {
  lattice_.resize(static_cast<std::size_t>(std::max(cells, 1)));
  for (double& v : lattice_) v = rng.uniform(-1.0, 1.0);
}

double PeriodicNoise1D::at(double t) const noexcept {
  const double n = static_cast<double>(lattice_.size());
  t -= std::floor(t / n) * n;
  const auto i = std::min(static_cast<std::size_t>(t), lattice_.size() - 1);
  const std::size_t j = (i + 1) % lattice_.size();
  return lerp(lattice_[i], lattice_[j], smooth(t - static_cast<double>(i)));
}

}  // namespace pt::synthetic
