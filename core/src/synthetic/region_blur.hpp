#pragma once
// Optical blur (defocus) of part of a frame: a separable Gaussian in fixed point.
#include <cstdint>
#include <vector>

#include "pt/image.hpp"

namespace pt::synthetic {

class RegionBlur {
 public:
  explicit RegionBlur(double sigma);
  // Blurs `region` in place; pixels beyond its border count as copies of the border's.
  void apply(ViewU8 region);

 private:
  int radius_;
  std::vector<std::uint16_t> weights_;  // 2 * radius_ + 1 taps, summing to 256
  std::vector<std::uint8_t> padded_row_;
  std::vector<std::uint16_t> sums_;  // one row of fixed-point accumulators
  ImageU8 horizontal_;
};

}  // namespace pt::synthetic
