#pragma once
#include <cstdint>
#include <vector>

#include "pt/image.hpp"

namespace pt {

// Separable Gaussian blur of 8-bit images in fixed point, with mirrored borders
// (reflect-101, OpenCV's default), so results land within one grey level of cv::GaussianBlur.
class GaussianFilter {
 public:
  GaussianFilter(int ksize, double sigma);
  void apply(CViewU8 src, ViewU8 dst);
  [[nodiscard]] const std::vector<std::uint16_t>& weights() const noexcept { return weights_; }

 private:
  int radius_;
  std::vector<std::uint16_t> weights_;  // sum to 4096
  std::vector<std::uint16_t> rows_;     // horizontally filtered rows, 8.8 fixed point
  std::vector<int> col_index_;          // reflect-101 map for padded column positions
};

// Reflect-101 index into [0, n): -1 -> 1, n -> n-2. Assumes n >= 2 or i in range.
[[nodiscard]] int reflect101(int i, int n) noexcept;

}  // namespace pt
