#pragma once
// Test-only views of our images as cv::Mat and back, so OpenCV can serve as the reference.
#include <opencv2/core.hpp>

#include "pt/image.hpp"

namespace pt::test {

inline cv::Mat as_mat(CViewU8 v) {
  return {v.height, v.width, CV_8UC1, const_cast<std::uint8_t*>(v.data), static_cast<std::size_t>(v.stride)};
}

inline ImageU8 from_mat(const cv::Mat& m) {
  ImageU8 img(m.cols, m.rows);
  for (int y = 0; y < m.rows; ++y) {
    for (int x = 0; x < m.cols; ++x) img.at(x, y) = m.at<std::uint8_t>(y, x);
  }
  return img;
}

// Random texture with edges and flat patches: noise alone would hide border and plateau bugs.
inline ImageU8 make_test_image(int w, int h, unsigned seed) {
  cv::Mat m(h, w, CV_8UC1);
  cv::RNG rng(seed);
  rng.fill(m, cv::RNG::UNIFORM, 0, 256);
  for (int i = 0; i < 6; ++i) {
    const cv::Point c(rng.uniform(0, w), rng.uniform(0, h));
    const int r = rng.uniform(2, std::max(3, std::min(w, h) / 3));
    const int v = rng.uniform(0, 256);
    for (int y = std::max(0, c.y - r); y < std::min(h, c.y + r); ++y) {
      for (int x = std::max(0, c.x - r); x < std::min(w, c.x + r); ++x) m.at<std::uint8_t>(y, x) = static_cast<std::uint8_t>(v);
    }
  }
  return from_mat(m);
}

inline int max_abs_diff(CViewU8 a, const cv::Mat& b) {
  cv::Mat diff;
  cv::absdiff(as_mat(a), b, diff);
  double mx = 0.0;
  cv::minMaxLoc(diff, nullptr, &mx);
  return static_cast<int>(mx);
}

}  // namespace pt::test
