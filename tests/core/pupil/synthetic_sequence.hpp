#pragma once
// Runs the CPU detector over a sequence of the synthetic camera and tallies its results against
// the rendered ground truth: open-eye frames found and within 1 px, reports in full blinks.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "pt/frame_pool.hpp"
#include "pt/pupil/pupil_detector.hpp"
#include "pt/synthetic_eyes.hpp"
#include "pt_catch.hpp"

namespace pt::test {

struct Tally {
  int open = 0;
  int open_found = 0;
  int open_within_1px = 0;
  int closed = 0;
  int closed_reported = 0;
  double worst_open_error = 0.0;
  int windowed = 0;  // eye-frames searched in a window smaller than the eye region
  std::vector<double> errors;
  std::vector<double> diameter_errors;

  [[nodiscard]] double median_error() { return median(errors); }
  [[nodiscard]] double median_diameter_error() { return median(diameter_errors); }

 private:
  static double median(std::vector<double>& values) {
    if (values.empty()) return 0.0;
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
  }
};

inline Tally track_sequence(const pt::SyntheticConfig& config, int frames, const pt::DetectorParams& params) {
  pt::SyntheticEyeRenderer renderer(config);
  pt::FramePool pool(config.width, config.height, 2, pt::make_host_allocator());
  auto detector = pt::make_cpu_detector(params);
  std::vector<pt::EyeRegion> regions;
  for (int e = 0; e < config.eyes; ++e) {
    regions.push_back({config.eyes == 1 ? pt::EyeSide::Single : (e == 0 ? pt::EyeSide::Left : pt::EyeSide::Right),
                       renderer.eye_region(e)});
  }
  Tally t;
  for (int i = 0; i < frames; ++i) {
    auto frame = pool.try_acquire();
    const pt::SyntheticFrameTruth truth = renderer.render_next(frame->pixels());
    frame->info().timestamp_s = truth.time_s;
    detector->submit(std::move(*frame), regions, params);
    const auto done = detector->collect(true);
    REQUIRE(done.has_value());
    for (int e = 0; e < config.eyes; ++e) {
      const pt::SyntheticEyeTruth& gt = truth.eyes[static_cast<std::size_t>(e)];
      const pt::PupilMeasurement& m = done->eyes[static_cast<std::size_t>(e)];
      const pt::RectI& region = regions[static_cast<std::size_t>(e)].rect;
      t.windowed += (m.searched.w * m.searched.h < region.w * region.h) ? 1 : 0;
      if (gt.openness == pt::EyeOpenness::Closed) {
        ++t.closed;
        t.closed_reported += m.detected ? 1 : 0;
      } else if (gt.openness == pt::EyeOpenness::Open) {
        ++t.open;
        if (!m.detected) continue;
        ++t.open_found;
        const double err = std::hypot(m.ellipse.cx - gt.pupil.cx, m.ellipse.cy - gt.pupil.cy);
        t.errors.push_back(err);
        t.diameter_errors.push_back(std::abs(m.ellipse.equivalent_diameter() - gt.pupil.equivalent_diameter()));
        t.worst_open_error = std::max(t.worst_open_error, err);
        t.open_within_1px += err <= 1.0 ? 1 : 0;
      }
    }
  }
  return t;
}

inline void report(const char* name, Tally& t) {
  std::printf("%s: open %d, found %d, within 1 px %d (%.2f%%), median error %.3f px, worst %.2f px, median "
              "diameter error %.3f px; closed %d, reported %d\n",
              name, t.open, t.open_found, t.open_within_1px, 100.0 * t.open_within_1px / std::max(1, t.open),
              t.median_error(), t.worst_open_error, t.median_diameter_error(), t.closed, t.closed_reported);
}


}  // namespace pt::test
