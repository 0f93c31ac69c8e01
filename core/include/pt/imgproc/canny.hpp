#pragma once
// Canny edges: gradients, non-maximum suppression across the gradient, hysteresis between two
// thresholds. The gradients are 3x3 Sobel, i.e. a [1 2 1] smoothing times a central difference:
// the pupil pipeline has already smoothed with the paper's Gaussian (size 5, sigma 2), so the
// paper's separate Gaussian and derivative-of-Gaussian passes would only blur the edges twice.
// Sobel also makes the result comparable with cv::Canny, which uses the same operator.
#include <cstdint>
#include <vector>

#include "pt/image.hpp"

namespace pt {

class CannyEdgeDetector {
 public:
  // Sobel gradients of `src` with replicated borders (as cv::Canny) and their L2 magnitudes.
  void compute_gradients(CViewU8 src);

  // The smallest whole magnitude that at least `fraction` of the pixels do not exceed, from the
  // histogram of the last gradients: with fraction 0.8, the paper's high threshold.
  [[nodiscard]] float magnitude_quantile(float fraction);

  // Edges of the last gradients: 255 on pixels whose magnitude exceeds `low`, peaks across the
  // gradient direction, and joins (8-connected, through such pixels) one exceeding `high`.
  void find_edges(float low, float high, ViewU8 edges);

  // Gradients of the last image, pointing from dark to bright.
  [[nodiscard]] ImageView<const std::int16_t> dx() const noexcept { return dx_.view(); }
  [[nodiscard]] ImageView<const std::int16_t> dy() const noexcept { return dy_.view(); }
  [[nodiscard]] float magnitude(int x, int y) const noexcept { return magnitude_.at(x + 1, y + 1); }

 private:
  Image<std::int16_t> dx_;
  Image<std::int16_t> dy_;
  Image<float> magnitude_;     // one pixel of zeros around the image
  Image<std::uint8_t> state_;  // the same margin; see find_edges()
  std::vector<std::uint8_t> padded_rows_[3];
  std::vector<std::int32_t> histogram_;
  std::vector<std::int32_t> stack_;
};

}  // namespace pt
