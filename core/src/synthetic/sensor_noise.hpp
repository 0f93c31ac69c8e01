#pragma once
// Sensor noise without a random draw per pixel: a table of Gaussian-ish values, made once, is
// added row by row at random offsets with saturation. Rows take different offsets every
// frame, so the pattern neither stands still nor repeats visibly.
#include <cstdint>
#include <vector>

#include "pt/image.hpp"
#include "rng.hpp"

namespace pt::synthetic {

class SensorNoise {
 public:
  SensorNoise(double sigma, int row_length, std::uint64_t seed);
  void apply(ViewU8 frame, Rng& placement) const noexcept;

 private:
  std::vector<std::int8_t> table_;
};

}  // namespace pt::synthetic
