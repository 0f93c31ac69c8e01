#pragma once
// Smooth random functions for the static textures (skin, sclera, iris fibres): random values on
// a lattice, interpolated with a smooth step so the result has no visible grid.
#include <vector>

#include "rng.hpp"

namespace pt::synthetic {

// A random field over [0, cells_x] x [0, cells_y] (lattice units), values in [-1, 1].
class ValueNoise2D {
 public:
  ValueNoise2D(Rng& rng, int cells_x, int cells_y);
  // Coordinates outside the lattice are clamped to its border.
  [[nodiscard]] double at(double u, double v) const noexcept;

 private:
  int nx_;
  int ny_;
  std::vector<double> lattice_;  // (nx_ + 1) x (ny_ + 1)
};

// A random periodic function with period `cells` (lattice units), values in [-1, 1]: the
// angular pattern of the iris.
class PeriodicNoise1D {
 public:
  PeriodicNoise1D(Rng& rng, int cells);
  [[nodiscard]] double at(double t) const noexcept;

 private:
  std::vector<double> lattice_;
};

}  // namespace pt::synthetic
