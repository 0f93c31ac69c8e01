// Our image operations against OpenCV's on the same images: the independent reference.
#include <opencv2/imgproc.hpp>

#include "opencv_bridge.hpp"
#include "pt/imgproc/gaussian_filter.hpp"
#include "pt/imgproc/median_filter.hpp"
#include "pt/imgproc/min_max_filter.hpp"
#include "pt/imgproc/top_hat.hpp"
#include "pt_catch.hpp"

using pt::test::as_mat;
using pt::test::make_test_image;
using pt::test::max_abs_diff;

TEST_CASE("rectangular min/max equal cv::erode/cv::dilate for any kernel size") {
  const auto size = GENERATE(std::make_pair(97, 61), std::make_pair(16, 200), std::make_pair(5, 3));
  const auto img = make_test_image(size.first, size.second, 11);
  pt::RectExtremumFilter filter;
  pt::ImageU8 ours(img.width(), img.height());
  for (int kw : {1, 2, 3, 4, 7, 19, 25, 120}) {
    for (int kh : {1, 3, 6, 13, 19, 250}) {
      CAPTURE(size.first, size.second, kw, kh);
      const cv::Mat kernel = cv::getStructuringElement(cv::MORPH_RECT, {kw, kh});
      cv::Mat ref;
      filter.apply(img.view(), ours.view(), kw, kh, pt::Extremum::Min);
      cv::erode(as_mat(img.view()), ref, kernel);
      CHECK(max_abs_diff(std::as_const(ours).view(), ref) == 0);
      filter.apply(img.view(), ours.view(), kw, kh, pt::Extremum::Max);
      cv::dilate(as_mat(img.view()), ref, kernel);
      CHECK(max_abs_diff(std::as_const(ours).view(), ref) == 0);
    }
  }
}

TEST_CASE("min/max works on a sub-view with a stride") {
  const auto img = make_test_image(80, 60, 5);
  const pt::RectI roi{7, 9, 41, 33};
  const pt::CViewU8 sub = img.view().sub(roi);
  pt::RectExtremumFilter filter;
  pt::ImageU8 ours(roi.w, roi.h);
  filter.apply(sub, ours.view(), 9, 5, pt::Extremum::Max);
  cv::Mat ref;
  cv::dilate(as_mat(sub), ref, cv::getStructuringElement(cv::MORPH_RECT, {9, 5}));
  CHECK(max_abs_diff(std::as_const(ours).view(), ref) == 0);
}

TEST_CASE("white top-hat equals cv::morphologyEx(MORPH_TOPHAT)") {
  const auto img = make_test_image(131, 77, 3);
  pt::TopHatFilter tophat;
  pt::ImageU8 ours(img.width(), img.height());
  for (int k : {3, 13, 19, 25}) {
    CAPTURE(k);
    tophat.apply(img.view(), ours.view(), k);
    cv::Mat ref;
    cv::morphologyEx(as_mat(img.view()), ref, cv::MORPH_TOPHAT, cv::getStructuringElement(cv::MORPH_RECT, {k, k}));
    CHECK(max_abs_diff(std::as_const(ours).view(), ref) == 0);
  }
}

TEST_CASE("Gaussian blur within one grey level of cv::GaussianBlur") {
  const auto img = make_test_image(123, 45, 7);
  pt::ImageU8 ours(img.width(), img.height());
  for (auto [k, sigma] : {std::pair{5, 2.0}, std::pair{3, 0.8}, std::pair{7, 1.5}, std::pair{11, 3.0}}) {
    CAPTURE(k, sigma);
    pt::GaussianFilter gauss(k, sigma);
    gauss.apply(img.view(), ours.view());
    cv::Mat ref;
    cv::GaussianBlur(as_mat(img.view()), ref, {k, k}, sigma, sigma, cv::BORDER_REFLECT_101);
    CHECK(max_abs_diff(std::as_const(ours).view(), ref) <= 1);
  }
}

TEST_CASE("Gaussian keeps flat images flat and rejects bad kernels") {
  pt::ImageU8 flat(20, 10, 77);
  pt::ImageU8 out(20, 10);
  pt::GaussianFilter(5, 2.0).apply(flat.view(), out.view());
  for (int y = 0; y < 10; ++y) {
    for (int x = 0; x < 20; ++x) REQUIRE(out.at(x, y) == 77);
  }
  CHECK_THROWS_AS(pt::GaussianFilter(4, 2.0), std::invalid_argument);
  CHECK_THROWS_AS(pt::GaussianFilter(5, 0.0), std::invalid_argument);
}

TEST_CASE("median equals cv::medianBlur") {
  const auto img = make_test_image(90, 70, 13);
  pt::MedianFilter median;
  pt::ImageU8 ours(img.width(), img.height());
  for (int r : {1, 2, 3, 5}) {
    CAPTURE(r);
    median.apply(img.view(), ours.view(), r);
    cv::Mat ref;
    cv::medianBlur(as_mat(img.view()), ref, 2 * r + 1);
    CHECK(max_abs_diff(std::as_const(ours).view(), ref) == 0);
  }
}
