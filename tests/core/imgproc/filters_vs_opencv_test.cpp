// Our image operations against OpenCV's on the same images: the independent reference.
#include <opencv2/imgproc.hpp>

#include "opencv_bridge.hpp"
#include "pt/imgproc/byte_transpose.hpp"
#include "pt/imgproc/gaussian_filter.hpp"
#include "pt/imgproc/median_filter.hpp"
#include "pt/imgproc/min_max_filter.hpp"
#include "pt/imgproc/top_hat.hpp"
#include "pt_catch.hpp"

using pt::test::as_mat;
using pt::test::make_test_image;
using pt::test::max_abs_diff;

namespace {

// Erosion and dilation with a kw x kh rectangle, each against OpenCV's, pixel for pixel.
void check_min_max_against_opencv(pt::RectExtremumFilter& filter, const pt::ImageU8& img, pt::ImageU8& ours, int kw,
                                  int kh) {
  const cv::Mat kernel = cv::getStructuringElement(cv::MORPH_RECT, {kw, kh});
  cv::Mat ref;
  filter.apply(img.view(), ours.view(), kw, kh, pt::Extremum::Min);
  cv::erode(as_mat(img.view()), ref, kernel);
  CHECK(max_abs_diff(std::as_const(ours).view(), ref) == 0);
  filter.apply(img.view(), ours.view(), kw, kh, pt::Extremum::Max);
  cv::dilate(as_mat(img.view()), ref, kernel);
  CHECK(max_abs_diff(std::as_const(ours).view(), ref) == 0);
}

}  // namespace

TEST_CASE("rectangular min/max equal cv::erode/cv::dilate for any kernel size") {
  const auto size = GENERATE(std::make_pair(97, 61), std::make_pair(16, 200), std::make_pair(5, 3));
  const auto img = make_test_image(size.first, size.second, 11);
  pt::RectExtremumFilter filter;
  pt::ImageU8 ours(img.width(), img.height());
  for (int kw : {1, 2, 3, 4, 7, 19, 25, 120}) {
    for (int kh : {1, 3, 6, 13, 19, 250}) {
      CAPTURE(size.first, size.second, kw, kh);
      check_min_max_against_opencv(filter, img, ours, kw, kh);
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

// Full frames, sizes that leave partial 16-column blocks and 32-row bands, kernels wider than
// the image, and single pixels: the edges of the banded, transposed horizontal pass.
TEST_CASE("min/max equal cv::erode/cv::dilate on full frames, partial blocks and tiny images") {
  const auto size = GENERATE(std::make_pair(1280, 1024), std::make_pair(33, 47), std::make_pair(17, 65),
                             std::make_pair(1, 1), std::make_pair(1, 40), std::make_pair(40, 1), std::make_pair(3, 2));
  const auto img = make_test_image(size.first, size.second, 17);
  pt::RectExtremumFilter filter;
  pt::ImageU8 ours(img.width(), img.height());
  for (auto [kw, kh] : {std::pair{19, 19}, std::pair{5, 5}, std::pair{1, 7}, std::pair{8, 1}, std::pair{31, 3}}) {
    CAPTURE(size.first, size.second, kw, kh);
    check_min_max_against_opencv(filter, img, ours, kw, kh);
  }
}

TEST_CASE("min/max on an odd sub-view, into a strided destination, and through a row sink") {
  const auto img = make_test_image(300, 200, 19);
  const pt::CViewU8 sub = img.view().sub({3, 5, 257, 131});
  pt::ImageU8 canvas(281, 150, 0);
  const pt::ViewU8 dst = canvas.view().sub({11, 7, 257, 131});
  pt::RectExtremumFilter filter;
  for (int k : {19, 5}) {
    CAPTURE(k);
    const cv::Mat kernel = cv::getStructuringElement(cv::MORPH_RECT, {k, k});
    cv::Mat ref;
    cv::erode(as_mat(sub), ref, kernel);
    filter.apply(sub, dst, k, k, pt::Extremum::Min);
    CHECK(max_abs_diff(dst, ref) == 0);
    cv::dilate(as_mat(sub), ref, kernel);
    pt::ImageU8 sunk(sub.width, sub.height);
    int next_row = 0;
    filter.apply(sub, k, k, pt::Extremum::Max, [&](int y, const std::uint8_t* row) {
      CHECK(y == next_row++);
      std::copy(row, row + sub.width, sunk.data() + static_cast<std::ptrdiff_t>(y) * sub.width);
    });
    CHECK(next_row == sub.height);
    CHECK(max_abs_diff(std::as_const(sunk).view(), ref) == 0);
  }
}

TEST_CASE("opening equals cv::morphologyEx(MORPH_OPEN)") {
  const auto size = GENERATE(std::make_pair(1280, 1024), std::make_pair(131, 77), std::make_pair(20, 3),
                             std::make_pair(1, 1));
  const auto img = make_test_image(size.first, size.second, 23);
  pt::RectExtremumFilter filter;
  pt::ImageU8 ours(img.width(), img.height());
  for (auto [kw, kh] : {std::pair{19, 19}, std::pair{5, 3}, std::pair{1, 1}, std::pair{40, 2}}) {
    CAPTURE(size.first, size.second, kw, kh);
    filter.opening(img.view(), kw, kh, [&](int y, const std::uint8_t* row) {
      std::copy(row, row + ours.width(), ours.data() + static_cast<std::ptrdiff_t>(y) * ours.width());
    });
    cv::Mat ref;
    cv::morphologyEx(as_mat(img.view()), ref, cv::MORPH_OPEN, cv::getStructuringElement(cv::MORPH_RECT, {kw, kh}));
    CHECK(max_abs_diff(std::as_const(ours).view(), ref) == 0);
  }
}

TEST_CASE("top-hat and its threshold on a full frame and a sub-view match OpenCV") {
  const auto img = make_test_image(1280, 1024, 29);
  const pt::CViewU8 views[] = {img.view(), img.view().sub({9, 13, 611, 509})};
  pt::TopHatFilter tophat;
  for (const pt::CViewU8 src : views) {
    CAPTURE(src.width, src.height);
    pt::ImageU8 ours(src.width, src.height);
    tophat.apply(src, ours.view(), 19);
    cv::Mat ref;
    cv::morphologyEx(as_mat(src), ref, cv::MORPH_TOPHAT, cv::getStructuringElement(cv::MORPH_RECT, {19, 19}));
    CHECK(max_abs_diff(std::as_const(ours).view(), ref) == 0);
    // 255 where the response exceeds 50 on a pixel of at least 120.
    cv::Mat above;
    cv::Mat bright;
    cv::threshold(ref, above, 50, 255, cv::THRESH_BINARY);
    cv::compare(as_mat(src), 120, bright, cv::CMP_GE);
    cv::bitwise_and(above, bright, ref);
    tophat.threshold(src, ours.view(), 19, 50, 120);
    CHECK(max_abs_diff(std::as_const(ours).view(), ref) == 0);
  }
}

TEST_CASE("Gaussian within one grey level on a full frame, a sub-view and tiny images") {
  const auto big = make_test_image(1280, 1024, 31);
  const auto small = make_test_image(9, 9, 37);
  const pt::CViewU8 views[] = {big.view(), big.view().sub({5, 3, 333, 221}), small.view().sub({0, 0, 1, 1}),
                               small.view().sub({2, 0, 1, 9}), small.view().sub({0, 4, 9, 1}),
                               small.view().sub({1, 1, 2, 2})};
  for (const pt::CViewU8 src : views) {
    for (auto [k, sigma] : {std::pair{5, 2.0}, std::pair{3, 0.8}, std::pair{11, 3.0}}) {
      CAPTURE(src.width, src.height, k, sigma);
      pt::ImageU8 ours(src.width, src.height);
      pt::GaussianFilter(k, sigma).apply(src, ours.view());
      cv::Mat ref;
      cv::GaussianBlur(as_mat(src), ref, {k, k}, sigma, sigma, cv::BORDER_REFLECT_101);
      CHECK(max_abs_diff(std::as_const(ours).view(), ref) <= 1);
    }
  }
}

TEST_CASE("Gaussian whose side taps vanish copies the image") {
  const auto img = make_test_image(40, 30, 41);
  pt::ImageU8 ours(img.width(), img.height());
  for (auto [k, sigma] : {std::pair{1, 1.0}, std::pair{3, 0.1}, std::pair{31, 0.2}}) {
    CAPTURE(k, sigma);
    pt::GaussianFilter(k, sigma).apply(img.view(), ours.view());
    CHECK(max_abs_diff(std::as_const(ours).view(), as_mat(img.view())) == 0);
  }
}

TEST_CASE("16x16 byte transposes: the fast path equals the portable one") {
  const auto img = make_test_image(53, 40, 43);
  std::uint8_t fast[20 * 16] = {};
  std::uint8_t portable[20 * 16] = {};
  for (auto [x, y] : {std::pair{0, 0}, std::pair{37, 24}, std::pair{5, 11}}) {
    CAPTURE(x, y);
    pt::transpose16x16(&img.at(x, y), img.width(), fast, 20);
    pt::transpose16x16_portable(&img.at(x, y), img.width(), portable, 20);
    for (int r = 0; r < 16; ++r) {
      for (int c = 0; c < 16; ++c) {
        REQUIRE(portable[r * 20 + c] == img.at(x + r, y + c));
        REQUIRE(fast[r * 20 + c] == portable[r * 20 + c]);
      }
    }
  }
}
