// Thresholded masks and peaks of response maps.
#include "pt/hessian/map_peaks.hpp"
#include "pt_catch.hpp"

TEST_CASE("threshold_mask marks the pixels at or above the level") {
  pt::Image<float> map(4, 2, 0.0F);
  map.at(0, 0) = 1.0F;
  map.at(3, 1) = 0.5F;
  map.at(2, 1) = 0.49F;
  pt::ImageU8 mask(4, 2, 7);
  pt::hessian::threshold_mask(map.view(), 0.5F, mask.view());
  int marked = 0;
  for (int y = 0; y < 2; ++y) {
    for (int x = 0; x < 4; ++x) marked += mask.at(x, y) == 255 ? 1 : mask.at(x, y) == 0 ? 0 : 100;
  }
  CHECK(marked == 2);
  CHECK(mask.at(0, 0) == 255);
  CHECK(mask.at(3, 1) == 255);
}

TEST_CASE("find_peaks: one peak per local maximum above the level, plateaus once, edges included") {
  pt::Image<float> map(30, 20, 0.0F);
  map.at(5, 5) = 10.0F;
  map.at(6, 5) = 9.0F;    // a shoulder of the first peak, inside its square
  map.at(20, 10) = 4.0F;  // a plateau of two equal pixels
  map.at(21, 10) = 4.0F;
  map.at(29, 19) = 3.0F;  // in the corner
  map.at(12, 15) = 1.0F;  // below the level
  const std::vector<pt::Point2f> peaks = pt::hessian::find_peaks(map.view(), 2.0F, 2);
  REQUIRE(peaks.size() == 3);
  CHECK(peaks[0].x == 5.0F);
  CHECK(peaks[0].y == 5.0F);
  CHECK(peaks[1].x == 20.0F);
  CHECK(peaks[1].y == 10.0F);
  CHECK(peaks[2].x == 29.0F);
  CHECK(peaks[2].y == 19.0F);
  // Two maxima farther apart than the radius are two peaks.
  map.at(9, 5) = 9.5F;
  CHECK(pt::hessian::find_peaks(map.view(), 2.0F, 2).size() == 4);
  CHECK(pt::hessian::find_peaks(map.view(), 2.0F, 4).size() == 3);
  CHECK_THROWS_AS(pt::hessian::find_peaks(map.view(), 2.0F, 0), std::invalid_argument);
}
