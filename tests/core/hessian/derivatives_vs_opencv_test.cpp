// Our scale-normalised second derivatives against OpenCV's filters on the same images.
#include <cmath>

#include <opencv2/imgproc.hpp>

#include "../imgproc/opencv_bridge.hpp"
#include "hessian_images.hpp"
#include "pt/hessian/derivative_taps.hpp"
#include "pt/parallel_for.hpp"
#include "pt_catch.hpp"

namespace {

cv::Mat as_mat(const pt::Image<float>& img) {
  return {img.height(), img.width(), CV_32FC1, const_cast<float*>(img.data())};
}

pt::Image<float> test_image(int w, int h, unsigned seed) {
  const pt::ImageU8 img = pt::test::make_test_image(w, h, seed);
  pt::Image<float> out(w, h);
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) out.at(x, y) = img.at(x, y);
  }
  return out;
}

// Largest |ours - ref| as a share of the largest |ref|.
double relative_max_difference(const pt::Image<float>& ours, const cv::Mat& ref) {
  double diff = 0.0;
  double scale = 0.0;
  cv::minMaxLoc(cv::abs(as_mat(ours) - ref), nullptr, &diff);
  cv::minMaxLoc(cv::abs(ref), nullptr, &scale);
  return diff / scale;
}

// The taps as full correlation kernels (OpenCV's filters correlate): offsets -radius..radius.
cv::Mat full_kernel(const std::vector<float>& taps, bool odd) {
  const int r = static_cast<int>(taps.size()) - 1;
  cv::Mat k(2 * r + 1, 1, CV_32F);
  for (int i = -r; i <= r; ++i) {
    const float t = taps[static_cast<std::size_t>(std::abs(i))];
    k.at<float>(i + r) = odd && i < 0 ? -t : t;
  }
  if (odd) k.at<float>(r) = 0.0F;
  return k;
}

}  // namespace

TEST_CASE("separable filtering equals cv::sepFilter2D with the same kernels, borders included") {
  const pt::Image<float> img = test_image(157, 93, 21);
  pt::ParallelFor pool(3);
  for (const double sigma : {0.7, 1.0, 2.5, 4.0, 8.0}) {
    CAPTURE(sigma);
    const pt::hessian::DerivativeTaps taps = pt::hessian::derivative_taps(sigma);
    const cv::Mat smooth = full_kernel(taps.smooth, false);
    const cv::Mat first = full_kernel(taps.first, true);
    const cv::Mat second = full_kernel(taps.second, false);
    cv::Mat dxx;
    cv::Mat dxy;
    cv::Mat dyy;
    const cv::Mat src = as_mat(img);
    cv::sepFilter2D(src, dxx, CV_32F, second, smooth, {-1, -1}, 0.0, cv::BORDER_REFLECT_101);
    cv::sepFilter2D(src, dxy, CV_32F, first, first, {-1, -1}, 0.0, cv::BORDER_REFLECT_101);
    cv::sepFilter2D(src, dyy, CV_32F, smooth, second, {-1, -1}, 0.0, cv::BORDER_REFLECT_101);
    const pt::test::DerivativeImages ours = pt::test::derivative_images(img.view(), sigma, &pool);
    // Both sum at most 49 float products per pass in different orders; 1e-5 of the largest
    // response is a hundred times their rounding, and far below any indexing or border slip.
    CHECK(relative_max_difference(ours.dxx, dxx) < 1e-5);
    CHECK(relative_max_difference(ours.dxy, dxy) < 1e-5);
    CHECK(relative_max_difference(ours.dyy, dyy) < 1e-5);
  }
}

TEST_CASE("second derivatives match cv::GaussianBlur followed by cv::Sobel central differences") {
  const pt::Image<float> img = test_image(211, 143, 5);
  for (const double sigma : {1.5, 2.0, 3.0, 5.0}) {
    CAPTURE(sigma);
    const int radius = pt::hessian::derivative_taps(sigma).radius;
    cv::Mat blurred;
    cv::GaussianBlur(as_mat(img), blurred, {2 * radius + 1, 2 * radius + 1}, sigma, sigma, cv::BORDER_REFLECT_101);
    cv::Mat dxx;
    cv::Mat dxy;
    cv::Mat dyy;
    // ksize 1: the plain [1 -2 1] difference; the mixed derivative needs ksize 3, whose
    // [-1 0 1] x [-1 0 1] is four times the central difference.
    const double norm = sigma * sigma;
    cv::Sobel(blurred, dxx, CV_32F, 2, 0, 1, norm, 0.0, cv::BORDER_REFLECT_101);
    cv::Sobel(blurred, dyy, CV_32F, 0, 2, 1, norm, 0.0, cv::BORDER_REFLECT_101);
    cv::Sobel(blurred, dxy, CV_32F, 1, 1, 3, norm / 4.0, 0.0, cv::BORDER_REFLECT_101);
    const pt::test::DerivativeImages ours = pt::test::derivative_images(img.view(), sigma);
    // OpenCV differentiates the blurred samples by finite differences, we sample the Gaussian's
    // derivatives. At frequency w the [1 -2 1] difference returns (2 - 2 cos w) / w^2 of the
    // true second derivative, short by w^2 / 12, and the central difference sin(w) / w of the
    // first, short by w^2 / 6 on each axis. After the blur little energy is left beyond
    // w = 2 / sigma, where the shortfall is 1 / (3 sigma^2) for dxx and dyy and, with both axes
    // at most that frequency together, 2 / (3 sigma^2) for dxy. Both truncate at 4 sigma, whose
    // tail is below 1 % of the peak.
    const double tolerance_pure = 1.0 / (3.0 * sigma * sigma) + 0.01;
    const double tolerance_mixed = 2.0 / (3.0 * sigma * sigma) + 0.01;
    const double gap_xx = relative_max_difference(ours.dxx, dxx);
    const double gap_xy = relative_max_difference(ours.dxy, dxy);
    const double gap_yy = relative_max_difference(ours.dyy, dyy);
    CAPTURE(tolerance_pure, tolerance_mixed, gap_xx, gap_xy, gap_yy);
    CHECK(gap_xx < tolerance_pure);
    CHECK(gap_xy < tolerance_mixed);
    CHECK(gap_yy < tolerance_pure);
    WARN("sigma " << sigma << ": largest gap to OpenCV, share of largest response: xx " << gap_xx << ", xy "
                  << gap_xy << ", yy " << gap_yy << " (allowed " << tolerance_pure << ", " << tolerance_mixed
                  << " for xy)");
  }
}

TEST_CASE("derivatives are exact on quadratic surfaces away from the border") {
  const int w = 120;
  const int h = 90;
  pt::Image<float> img(w, h);
  const float a = 0.013F;
  const float b = -0.021F;
  const float c = 0.007F;
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      const float u = static_cast<float>(x - w / 2);
      const float v = static_cast<float>(y - h / 2);
      img.at(x, y) = a * u * u + b * u * v + c * v * v + 0.5F * u - 0.25F * v + 40.0F;
    }
  }
  for (const double sigma : {1.0, 3.0, 6.0}) {
    CAPTURE(sigma);
    const pt::test::DerivativeImages d = pt::test::derivative_images(img.view(), sigma);
    const int margin = pt::hessian::derivative_taps(sigma).radius;
    const double s2 = sigma * sigma;
    for (int y = margin; y < h - margin; y += 7) {
      for (int x = margin; x < w - margin; x += 5) {
        CAPTURE(x, y);
        CHECK(d.dxx.at(x, y) == Approx(2.0 * a * s2).margin(1e-4 * s2));
        CHECK(d.dxy.at(x, y) == Approx(b * s2).margin(1e-4 * s2));
        CHECK(d.dyy.at(x, y) == Approx(2.0 * c * s2).margin(1e-4 * s2));
      }
    }
  }
}

TEST_CASE("bands on several threads give the single-thread result to the bit, tiny images too") {
  pt::ParallelFor pool(4);
  for (const auto& [w, h] : {std::pair{64, 47}, std::pair{3, 2}, std::pair{1, 1}, std::pair{5, 40}}) {
    CAPTURE(w, h);
    const pt::Image<float> img = test_image(w, h, 9);
    const pt::test::DerivativeImages one = pt::test::derivative_images(img.view(), 2.0);
    const pt::test::DerivativeImages many = pt::test::derivative_images(img.view(), 2.0, &pool);
    CHECK(cv::norm(as_mat(one.dxx), as_mat(many.dxx), cv::NORM_INF) == 0.0);
    CHECK(cv::norm(as_mat(one.dxy), as_mat(many.dxy), cv::NORM_INF) == 0.0);
    CHECK(cv::norm(as_mat(one.dyy), as_mat(many.dyy), cv::NORM_INF) == 0.0);
  }
}

TEST_CASE("scales outside (0, kMaxSigma] are refused") {
  CHECK_THROWS_AS(pt::hessian::derivative_taps(0.0), std::invalid_argument);
  CHECK_THROWS_AS(pt::hessian::derivative_taps(-1.0), std::invalid_argument);
  CHECK_THROWS_AS(pt::hessian::derivative_taps(pt::hessian::kMaxSigma * 1.01), std::invalid_argument);
  CHECK(pt::hessian::derivative_taps(pt::hessian::kMaxSigma).radius == pt::hessian::kMaxRadius);
}
