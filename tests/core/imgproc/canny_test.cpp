// Canny edges against cv::Canny (3x3 Sobel, L2 magnitude) with the same thresholds, on the
// images the pupil search sees and on raw texture. When written, the two agreed on every edge
// pixel of every case; the checks allow one pixel in a thousand to differ.
#include "pt/imgproc/canny.hpp"

#include <algorithm>
#include <cstdio>
#include <opencv2/imgproc.hpp>
#include <vector>

#include "../pupil/disc_image.hpp"
#include "opencv_bridge.hpp"
#include "pt/imgproc/gaussian_filter.hpp"
#include "pt/synthetic_eyes.hpp"
#include "pt_catch.hpp"

namespace {

pt::ImageU8 smoothed(const pt::ImageU8& img) {
  pt::ImageU8 out(img.width(), img.height());
  pt::GaussianFilter(5, 2.0).apply(img.view(), out.view());
  return out;
}

pt::ImageU8 synthetic_eye() {
  pt::SyntheticConfig config;
  config.width = 320;
  config.height = 240;
  config.eyes = 1;
  pt::SyntheticEyeRenderer renderer(config);
  pt::ImageU8 frame(config.width, config.height);
  (void)renderer.render_next(frame.view());
  return frame;
}

// Share of the edge pixels of `a` with an edge pixel of `b` at most one pixel away.
double matched_share(const cv::Mat& a, const cv::Mat& b) {
  cv::Mat near_b;
  cv::dilate(b, near_b, cv::Mat::ones(3, 3, CV_8U));
  const int total = cv::countNonZero(a);
  return total == 0 ? 1.0 : static_cast<double>(cv::countNonZero(a & near_b)) / total;
}

}  // namespace

TEST_CASE("Sobel gradients equal cv::Sobel with replicated borders") {
  const pt::ImageU8 img = pt::test::make_test_image(67, 41, 3);
  pt::CannyEdgeDetector canny;
  canny.compute_gradients(img.view());
  cv::Mat dx;
  cv::Mat dy;
  cv::Sobel(pt::test::as_mat(img.view()), dx, CV_16S, 1, 0, 3, 1, 0, cv::BORDER_REPLICATE);
  cv::Sobel(pt::test::as_mat(img.view()), dy, CV_16S, 0, 1, 3, 1, 0, cv::BORDER_REPLICATE);
  for (int y = 0; y < img.height(); ++y) {
    for (int x = 0; x < img.width(); ++x) {
      REQUIRE(canny.dx().at(x, y) == dx.at<std::int16_t>(y, x));
      REQUIRE(canny.dy().at(x, y) == dy.at<std::int16_t>(y, x));
    }
  }
}

TEST_CASE("the high threshold leaves the requested share of pixels at or below it") {
  const pt::ImageU8 img = smoothed(pt::test::make_test_image(90, 70, 8));
  pt::CannyEdgeDetector canny;
  canny.compute_gradients(img.view());
  std::vector<float> magnitudes;
  for (int y = 0; y < img.height(); ++y) {
    for (int x = 0; x < img.width(); ++x) magnitudes.push_back(canny.magnitude(x, y));
  }
  std::sort(magnitudes.begin(), magnitudes.end());
  for (const float fraction : {0.5F, 0.8F, 0.95F}) {
    const float high = canny.magnitude_quantile(fraction);
    const auto at_or_below =
        std::count_if(magnitudes.begin(), magnitudes.end(), [&](float m) { return m < high + 0.5F; });
    const auto below = std::count_if(magnitudes.begin(), magnitudes.end(), [&](float m) { return m < high - 0.5F; });
    CAPTURE(fraction, high);
    CHECK(static_cast<double>(at_or_below) >= fraction * static_cast<double>(magnitudes.size()));
    CHECK(static_cast<double>(below) < fraction * static_cast<double>(magnitudes.size()));
  }
}

TEST_CASE("edges agree with cv::Canny pixel for pixel") {
  struct Case {
    const char* name;
    pt::ImageU8 image;
  };
  const pt::test::DiscScene disc{83.4F, 70.2F, 31.0F, 25, 110, 6.0F, 4};
  const Case cases[] = {
      {"noisy disc", smoothed(pt::test::render_disc(170, 140, disc))},
      {"synthetic eye", smoothed(synthetic_eye())},
      {"texture", smoothed(pt::test::make_test_image(160, 120, 11))},
      {"raw texture", pt::test::make_test_image(64, 48, 12)},
  };
  for (const Case& c : cases) {
    pt::CannyEdgeDetector canny;
    canny.compute_gradients(c.image.view());
    const float high = canny.magnitude_quantile(0.8F);
    const float low = 0.4F * high;
    pt::ImageU8 ours(c.image.width(), c.image.height());
    canny.find_edges(low, high, ours.view());
    cv::Mat theirs;
    cv::Canny(pt::test::as_mat(c.image.view()), theirs, low, high, 3, true);
    const cv::Mat mine = pt::test::as_mat(ours.view());
    const double ours_matched = matched_share(mine, theirs);
    const double theirs_matched = matched_share(theirs, mine);
    const double identical = static_cast<double>(cv::countNonZero(mine & theirs)) /
                             std::max(1, std::max(cv::countNonZero(mine), cv::countNonZero(theirs)));
    std::printf(
        "canny vs OpenCV, %s (low %.1f, high %.1f): %d vs %d edge pixels, identical %.1f%%, "
        "ours near theirs %.1f%%, theirs near ours %.1f%%\n",
        c.name, low, high, cv::countNonZero(mine), cv::countNonZero(theirs), 100.0 * identical, 100.0 * ours_matched,
        100.0 * theirs_matched);
    CAPTURE(c.name);
    CHECK(identical >= 0.999);
    CHECK(ours_matched >= 0.999);
    CHECK(theirs_matched >= 0.999);
  }
}

TEST_CASE("a flat image has no edges and a step has one line of them") {
  pt::CannyEdgeDetector canny;
  pt::ImageU8 img(40, 30, 90);
  pt::ImageU8 edges(40, 30);
  canny.compute_gradients(img.view());
  canny.find_edges(10.0F, 20.0F, edges.view());
  CHECK(std::all_of(edges.data(), edges.data() + 40 * 30, [](std::uint8_t v) { return v == 0; }));
  for (int y = 0; y < 30; ++y) {
    for (int x = 20; x < 40; ++x) img.at(x, y) = 150;
  }
  canny.compute_gradients(img.view());
  canny.find_edges(10.0F, 20.0F, edges.view());
  for (int y = 0; y < 30; ++y) {
    CAPTURE(y);
    CHECK(edges.at(19, y) + edges.at(20, y) == 255);  // exactly one of the two step pixels
    CHECK(std::count(edges.view().row(y), edges.view().row(y) + 40, 255) == 1);
  }
}
