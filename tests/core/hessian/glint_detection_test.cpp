// Corneal reflections found as peaks of the bright blob map, on the synthetic binocular camera.
// The truth is what the renderer drew: the same sequence rendered without glints differs from
// it exactly where glints were painted, after lids and lashes covered what they cover.
#include <algorithm>
#include <cstdio>
#include <vector>

#include <opencv2/imgproc.hpp>

#include "pt/hessian/hessian_maps.hpp"
#include "pt/hessian/map_peaks.hpp"
#include "pt/parallel_for.hpp"
#include "pt/synthetic_eyes.hpp"
#include "pt_catch.hpp"

namespace {

// Glint spots are 1.5 to 5 px in radius; a disc of radius r answers most near sigma = r / sqrt 2.
const std::vector<double> kScales = {1.0, 1.5, 2.0, 3.0};
// A spot of contrast A answers about A / 4 at its best scale: this level takes spots 100 grey
// levels above their surroundings, as reflections of infrared LEDs on the iris and pupil are.
// (Here the weakest rendered glint answers 43; the strongest other peak, a gap between lashes
// at the lid, 16.)
constexpr float kLevel = 25.0F;
constexpr int kPeakRadius = 3;
// A painted spot at least this much brighter than what lies under it is a glint to be found;
// fainter traces (a spot almost hidden by a lid) count neither as found nor as false.
constexpr int kVisibleContrast = 30;

struct Tally {
  int frames = 0;
  int glints = 0;
  int found = 0;
  int detections = 0;
  int false_detections = 0;  // on no painted glint, or a second peak on one already found
};

cv::Mat as_mat(const pt::ImageU8& img) {
  return {img.height(), img.width(), CV_8UC1, const_cast<std::uint8_t*>(img.data())};
}

void score_frame(const pt::ImageU8& with, const pt::ImageU8& without, pt::ParallelFor& pool, Tally& t) {
  cv::Mat diff;
  cv::subtract(as_mat(with), as_mat(without), diff);  // saturates: glints only brighten
  // Each painted spot, widened by a pixel so that a peak on its soft rim still lands on it.
  cv::Mat painted = diff > 0;
  cv::dilate(painted, painted, cv::Mat::ones(3, 3, CV_8U));
  cv::Mat labels;
  const int n = cv::connectedComponents(painted, labels, 8, CV_32S);
  std::vector<int> peak_contrast(static_cast<std::size_t>(n), 0);
  for (int y = 0; y < diff.rows; ++y) {
    for (int x = 0; x < diff.cols; ++x) {
      int& c = peak_contrast[static_cast<std::size_t>(labels.at<int>(y, x))];
      c = std::max(c, static_cast<int>(diff.at<std::uint8_t>(y, x)));
    }
  }
  const pt::Image<float> grey = pt::hessian::to_float_image(with.view());
  const pt::Image<float> blobs = pt::hessian::blob_map(grey.view(), kScales, pt::hessian::Polarity::Bright, &pool);
  std::vector<int> hits(static_cast<std::size_t>(n), 0);
  for (const pt::Point2f& p : pt::hessian::find_peaks(blobs.view(), kLevel, kPeakRadius)) {
    ++t.detections;
    const int label = labels.at<int>(static_cast<int>(p.y), static_cast<int>(p.x));
    if (label == 0) {
      ++t.false_detections;
    } else if (++hits[static_cast<std::size_t>(label)] > 1) {
      ++t.false_detections;
    }
  }
  for (int label = 1; label < n; ++label) {
    if (peak_contrast[static_cast<std::size_t>(label)] < kVisibleContrast) continue;
    ++t.glints;
    t.found += hits[static_cast<std::size_t>(label)] > 0 ? 1 : 0;
  }
  ++t.frames;
}

}  // namespace

TEST_CASE("bright blob peaks find the rendered glints of the synthetic camera") {
  pt::ParallelFor pool(2);
  Tally t;
  for (const std::uint64_t seed : {1, 2, 3}) {
    pt::SyntheticConfig config;  // 1280x1024, two eyes, lashes, blinks, gaze motion, noise
    config.seed = seed;
    pt::SyntheticConfig dark = config;
    dark.glints = false;
    pt::SyntheticEyeRenderer with_glints(config);
    pt::SyntheticEyeRenderer without_glints(dark);
    pt::ImageU8 with(config.width, config.height);
    pt::ImageU8 without(config.width, config.height);
    // Every 100th frame of six seconds at 500 frames/s: fixations, saccades, blinks.
    for (int i = 0; i < 3000; ++i) {
      (void)with_glints.render_next(with.view());
      (void)without_glints.render_next(without.view());
      if (i % 100 == 0) score_frame(with, without, pool, t);
    }
  }
  const double found = static_cast<double>(t.found) / t.glints;
  const double false_share = static_cast<double>(t.false_detections) / std::max(1, t.detections);
  std::printf("glints: %d frames, %d rendered, %d found (%.2f %%); %d detections, %d false (%.2f %%)\n", t.frames,
              t.glints, t.found, 100.0 * found, t.detections, t.false_detections, 100.0 * false_share);
  REQUIRE(t.glints > 500);
  CHECK(found >= 0.98);
  CHECK(false_share <= 0.01);
}
