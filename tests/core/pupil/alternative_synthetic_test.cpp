// Thresholding and labeling, and Canny with Hough, behind the whole CPU pipeline on sequences of
// the synthetic camera (lashes, glints, gaze motion, blinks), held to Starburst's figures:
// 99 % of open-eye frames within 1 px and nothing reported in full blinks. Hough runs on one
// smaller eye, as it costs several times the others' time per pixel.
#include "pt_catch.hpp"
#include "synthetic_sequence.hpp"

namespace {

// 100 frames/s of eye motion: the first two seconds of these seeds hold blinks.
pt::SyntheticConfig sequence_config(int width, int height, int eyes, std::uint64_t seed) {
  pt::SyntheticConfig config;
  config.width = width;
  config.height = height;
  config.eyes = eyes;
  config.seed = seed;
  config.fps = 100.0;
  return config;
}

void track_and_check(const char* name, pt::Algorithm algorithm, pt::FitModel fit, const pt::SyntheticConfig& config) {
  pt::DetectorParams params;
  params.algorithm = algorithm;
  params.fit = fit;
  pt::test::Tally t = pt::test::track_sequence(config, 200, params);
  pt::test::report(name, t);
  REQUIRE(t.open > 150 * config.eyes);
  REQUIRE(t.closed > 0);
  CHECK(static_cast<double>(t.open_within_1px) >= 0.99 * t.open);
  CHECK(t.median_error() < 0.2);
  CHECK(t.closed_reported == 0);
}

}  // namespace

TEST_CASE("thresholding and labeling on a binocular 1280x1024 synthetic sequence") {
  track_and_check("thresholding and labeling, binocular, ellipse fit", pt::Algorithm::ThresholdLabeling,
                  pt::FitModel::Ellipse, sequence_config(1280, 1024, 2, 3));
}

TEST_CASE("Canny and Hough on a synthetic sequence of one eye") {
  track_and_check("Canny and Hough, one eye, circle fit", pt::Algorithm::CannyHough, pt::FitModel::Circle,
                  sequence_config(640, 480, 1, 5));
}
