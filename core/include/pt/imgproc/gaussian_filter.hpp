#pragma once
#include <cstdint>
#include <vector>

#include "pt/image.hpp"
#include "pt/imgproc/gaussian_taps.hpp"

namespace pt {

// Separable Gaussian blur of 8-bit images in fixed point, with mirrored borders
// (reflect-101, OpenCV's default), so results land within one grey level of cv::GaussianBlur.
class GaussianFilter {
 public:
  GaussianFilter(int ksize, double sigma);
  // dst must not overlap src.
  void apply(CViewU8 src, ViewU8 dst);

 private:
  GaussianTaps taps_;
  std::vector<std::uint16_t> column_sums_;  // one row filtered vertically, 8.7 fixed point, mirrored margins
};

// Reflect-101 index into [0, n): -1 -> 1, n -> n-2. Assumes n >= 2 or i in range.
[[nodiscard]] int reflect101(int i, int n) noexcept;

}  // namespace pt
