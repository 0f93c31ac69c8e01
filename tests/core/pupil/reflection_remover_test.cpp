#include "pt/pupil/reflection_remover.hpp"

#include <opencv2/imgproc.hpp>

#include "../imgproc/opencv_bridge.hpp"
#include "disc_image.hpp"
#include "pt_catch.hpp"

namespace {

struct Scene {
  pt::ImageU8 clean;
  pt::ImageU8 with_glints;
};

Scene pupil_with_glints() {
  const pt::test::DiscScene disc{100.0F, 80.0F, 30.0F, 25, 110, 4.0F, 5};
  Scene s{pt::test::render_disc(200, 160, disc), {}};
  s.with_glints = s.clean;
  pt::test::add_glint(s.with_glints, 100, 80, 3, 245);   // inside the pupil
  pt::test::add_glint(s.with_glints, 130, 80, 3, 250);   // on its border
  pt::test::add_glint(s.with_glints, 100, 118, 4, 240);  // outside, on the iris
  return s;
}

// The mask as OpenCV computes it: top-hat, both thresholds, dilation.
cv::Mat opencv_mask(const pt::ImageU8& image, const pt::ReflectionParams& params) {
  const cv::Mat src = pt::test::as_mat(image.view());
  cv::Mat tophat;
  cv::morphologyEx(src, tophat, cv::MORPH_TOPHAT, cv::getStructuringElement(cv::MORPH_RECT, {params.kernel_size, params.kernel_size}));
  cv::Mat strong;
  cv::Mat bright;
  cv::threshold(tophat, strong, params.threshold, 255, cv::THRESH_BINARY);
  cv::threshold(src, bright, params.min_brightness - 1, 255, cv::THRESH_BINARY);
  cv::Mat both = strong & bright;
  cv::Mat ref;
  cv::dilate(both, ref, cv::getStructuringElement(cv::MORPH_RECT, {params.mask_dilation(), params.mask_dilation()}));
  return ref;
}

}  // namespace

TEST_CASE("the reflection mask equals OpenCV's top-hat, threshold and dilation") {
  const Scene s = pupil_with_glints();
  const pt::ReflectionParams params;
  pt::ReflectionRemover remover;
  pt::ImageU8 out(200, 160);
  pt::ImageU8 mask(200, 160);
  const int found = remover.apply(s.with_glints.view(), out.view(), mask.view(), params);
  CHECK(found == 3);
  CHECK(pt::test::max_abs_diff(std::as_const(mask).view(), opencv_mask(s.with_glints, params)) == 0);
}

TEST_CASE("without the fill, reflections are only masked: the image is left as it was") {
  const Scene s = pupil_with_glints();
  pt::ReflectionParams params;
  params.fill = false;
  pt::ReflectionRemover remover;
  pt::ImageU8 out(200, 160, 0);
  pt::ImageU8 mask(200, 160);
  CHECK(remover.apply(s.with_glints.view(), out.view(), mask.view(), params) == 0);
  const cv::Mat expected = opencv_mask(s.with_glints, params);
  CHECK(cv::countNonZero(expected) > 0);
  CHECK(pt::test::max_abs_diff(std::as_const(mask).view(), expected) == 0);
  CHECK(pt::test::max_abs_diff(std::as_const(out).view(), pt::test::as_mat(s.with_glints.view())) == 0);
}

TEST_CASE("removal fills reflections from their surroundings and leaves the rest untouched") {
  const Scene s = pupil_with_glints();
  pt::ReflectionRemover remover;
  pt::ImageU8 out(200, 160);
  pt::ImageU8 mask(200, 160);
  remover.apply(s.with_glints.view(), out.view(), mask.view(), pt::ReflectionParams{});
  int max_err_inside = 0;
  for (int y = 0; y < 160; ++y) {
    for (int x = 0; x < 200; ++x) {
      if (mask.at(x, y) == 0) {
        REQUIRE(out.at(x, y) == s.with_glints.at(x, y));
      } else {
        CHECK(out.at(x, y) < 150);  // no glint left
      }
    }
  }
  // The glint inside the pupil becomes pupil-dark again, the one on the iris iris-grey.
  for (int y = 77; y <= 83; ++y) {
    for (int x = 97; x <= 103; ++x) max_err_inside = std::max(max_err_inside, std::abs(out.at(x, y) - 25));
  }
  CHECK(max_err_inside <= 8);
  CHECK(std::abs(out.at(100, 118) - 110) <= 8);
  // On the border the fill keeps the dark side dark and the bright side bright.
  CHECK(out.at(126, 80) < 60);
  CHECK(out.at(134, 80) > 80);
}

TEST_CASE("bright but broad areas and dim specks are not reflections") {
  pt::ImageU8 img(120, 90, 100);
  for (int y = 0; y < 90; ++y) {
    for (int x = 60; x < 120; ++x) img.at(x, y) = 230;  // broad bright area: sclera, skin
  }
  pt::test::add_glint(img, 30, 45, 2, 140);  // narrow but dim: iris texture, not an LED
  pt::ReflectionRemover remover;
  pt::ImageU8 out(120, 90);
  pt::ImageU8 mask(120, 90);
  CHECK(remover.apply(img.view(), out.view(), mask.view(), pt::ReflectionParams{}) == 0);
}

TEST_CASE("a long bright sliver is narrow like a reflection but too large to be one") {
  pt::ImageU8 img(240, 60, 90);
  for (int x = 10; x < 230; ++x) {
    for (int y = 28; y < 32; ++y) img.at(x, y) = 220;  // sclera between lid and iris, say
  }
  pt::test::add_glint(img, 30, 10, 3, 250);  // and one real reflection
  pt::ReflectionRemover remover;
  pt::ImageU8 out(240, 60);
  pt::ImageU8 mask(240, 60);
  CHECK(remover.apply(img.view(), out.view(), mask.view(), pt::ReflectionParams{}) == 1);
  CHECK(mask.at(30, 10) == 255);
  for (int x = 10; x < 230; ++x) {
    REQUIRE(mask.at(x, 30) == 0);
    REQUIRE(out.at(x, 30) == 220);
  }
}
