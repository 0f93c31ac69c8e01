// Canny-Hough against cv::HoughCircles (HOUGH_GRADIENT) on noisy discs of many sizes and places,
// both against the discs' true geometry. OpenCV's accumulator has whole-pixel cells and its
// radius comes from a count of edge distances, so it is held to 1 px; ours refits the edges near
// its circle and is held to 0.3 px; the two to 1 px of each other.
#include <cmath>
#include <cstdio>
#include <opencv2/imgproc.hpp>
#include <vector>

#include "../imgproc/opencv_bridge.hpp"
#include "disc_image.hpp"
#include "pt/imgproc/gaussian_filter.hpp"
#include "pt/pupil/canny_hough_search.hpp"
#include "pt/random.hpp"
#include "pt_catch.hpp"

TEST_CASE("Hough circles agree with cv::HoughCircles and with the true discs") {
  pt::SplitMix64 rng(17);
  for (int k = 0; k < 12; ++k) {
    const float r = 12.0F + 40.0F * rng.uniform01();
    const pt::test::DiscScene disc{r + 10.0F + (200.0F - 2.0F * r) * rng.uniform01(),
                                   r + 10.0F + (140.0F - 2.0F * r) * rng.uniform01(),
                                   r,
                                   25,
                                   110,
                                   6.0F,
                                   rng.next()};
    const pt::ImageU8 raw = pt::test::render_disc(220, 160, disc);
    pt::ImageU8 img(220, 160);
    pt::GaussianFilter(5, 2.0).apply(raw.view(), img.view());

    pt::DetectorParams params;
    pt::CannyHoughSearch search;
    const auto& ours = search.run(img.view(), {}, {110.0F, 80.0F}, params);
    std::vector<cv::Vec3f> theirs;
    cv::HoughCircles(pt::test::as_mat(img.view()), theirs, cv::HOUGH_GRADIENT, 1.0, 1000.0, 60.0, 15.0, 8, 60);
    REQUIRE(ours.fit.has_value());
    REQUIRE_FALSE(theirs.empty());
    const pt::Ellipse& e = ours.fit->ellipse;
    const double ours_err = std::hypot(e.cx - disc.cx, e.cy - disc.cy);
    const double theirs_err = std::hypot(theirs[0][0] - disc.cx, theirs[0][1] - disc.cy);
    const double apart = std::hypot(e.cx - theirs[0][0], e.cy - theirs[0][1]);
    const double our_radius = 0.5 * e.equivalent_diameter();
    std::printf("disc r %.1f: ours %.3f px from truth, OpenCV %.3f px, %.3f px apart; radius %.2f vs %.2f\n", r,
                ours_err, theirs_err, apart, our_radius, theirs[0][2]);
    CAPTURE(k, r);
    CHECK(ours_err < 0.3);
    CHECK(std::abs(our_radius - r) < 0.3);
    CHECK(theirs_err < 1.0);
    CHECK(std::abs(theirs[0][2] - r) < 1.0);
    CHECK(apart < 1.0);
    CHECK(std::abs(our_radius - theirs[0][2]) < 1.0);
  }
}
