// The CPU detector with a thread per eye lane and several frames in flight gives, frame by
// frame and in submission order, exactly what the single-threaded detector gives.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "pt/frame_pool.hpp"
#include "pt/pupil/pupil_detector.hpp"
#include "pt/synthetic_eyes.hpp"
#include "pt_catch.hpp"
#include "same_measurement.hpp"

namespace {

struct Run {
  std::vector<std::uint64_t> order;           // frame indices as collected
  std::vector<pt::PupilMeasurement> results;  // every eye of every frame, in that order
};

// Submits `frames` rendered frames, keeping as many in flight as the detector takes; tracking is
// reset before the frames in `resets`.
Run track(pt::PupilDetector& detector, const pt::SyntheticConfig& config, int frames,
          const std::vector<pt::EyeRegion>& regions, const pt::DetectorParams& params,
          const std::vector<int>& resets) {
  pt::SyntheticEyeRenderer renderer(config);
  pt::FramePool pool(config.width, config.height, detector.max_in_flight() + 1, pt::make_host_allocator());
  Run run;
  auto take = [&] {
    auto done = detector.collect(true);
    REQUIRE(done.has_value());
    REQUIRE(done->eyes.size() == regions.size());
    run.order.push_back(done->frame.info().index);
    run.results.insert(run.results.end(), done->eyes.begin(), done->eyes.end());
  };
  std::size_t most_in_flight = 0;
  for (int i = 0; i < frames; ++i) {
    while (detector.in_flight() >= detector.max_in_flight()) take();
    auto frame = pool.try_acquire();
    REQUIRE(frame.has_value());
    frame->info().index = static_cast<std::uint64_t>(i);
    frame->info().timestamp_s = renderer.render_next(frame->pixels()).time_s;
    if (std::find(resets.begin(), resets.end(), i) != resets.end()) detector.reset_tracking();
    detector.submit(std::move(*frame), regions, params);
    most_in_flight = std::max(most_in_flight, detector.in_flight());
  }
  while (detector.in_flight() > 0) take();
  CHECK_FALSE(detector.collect(true).has_value());
  if (detector.max_in_flight() > 1) CHECK(most_in_flight > 1);
  return run;
}

}  // namespace

TEST_CASE("eye lanes with frames in flight match the single thread, frame by frame") {
  pt::SyntheticConfig config;  // binocular 1280x1024 with blinks, glints and saccades
  config.seed = 3;
  config.fps = 100.0;
  pt::DetectorParams params;
  params.window.enabled = GENERATE(false, true);
  const int threads = GENERATE(2, 3);
  pt::SyntheticEyeRenderer layout(config);
  // A third region (the left eye again) gives one lane two eyes to serve with two lanes, and
  // each lane one eye with three.
  const std::vector<pt::EyeRegion> regions = {{pt::EyeSide::Left, layout.eye_region(0)},
                                              {pt::EyeSide::Right, layout.eye_region(1)},
                                              {pt::EyeSide::Left, layout.eye_region(0)}};
  const std::vector<int> resets = {70, 71, 150};
  constexpr int kFrames = 240;

  const auto single = pt::make_cpu_detector(params, 1);
  const auto lanes = pt::make_cpu_detector(params, threads);
  CHECK(single->max_in_flight() == 1);
  REQUIRE(lanes->max_in_flight() > 1);
  const Run expected = track(*single, config, kFrames, regions, params, resets);
  const Run got = track(*lanes, config, kFrames, regions, params, resets);

  REQUIRE(got.order.size() == static_cast<std::size_t>(kFrames));
  for (int i = 0; i < kFrames; ++i) REQUIRE(got.order[static_cast<std::size_t>(i)] == static_cast<std::uint64_t>(i));
  REQUIRE(got.results.size() == expected.results.size());
  int detected = 0;
  for (std::size_t i = 0; i < got.results.size(); ++i) {
    pt::test::require_same_measurement(got.results[i], expected.results[i]);
    detected += got.results[i].detected ? 1 : 0;
  }
  // The comparison means something only if the sequence was really tracked.
  CHECK(detected > static_cast<int>(got.results.size()) * 8 / 10);
}

TEST_CASE("a detector destroyed with frames in flight finishes cleanly") {
  pt::SyntheticConfig config;
  config.seed = 9;
  pt::SyntheticEyeRenderer renderer(config);
  const std::vector<pt::EyeRegion> regions = {{pt::EyeSide::Left, renderer.eye_region(0)},
                                              {pt::EyeSide::Right, renderer.eye_region(1)}};
  pt::FramePool pool(config.width, config.height, 8, pt::make_host_allocator());
  const pt::DetectorParams params;
  auto detector = pt::make_cpu_detector(params, 2);
  for (std::size_t i = 0; i < detector->max_in_flight(); ++i) {
    auto frame = pool.try_acquire();
    REQUIRE(frame.has_value());
    (void)renderer.render_next(frame->pixels());
    detector->submit(std::move(*frame), regions, params);
  }
  CHECK(detector->in_flight() == detector->max_in_flight());
  detector.reset();
  // Every frame went back to the pool with the detector.
  CHECK(pool.available() == pool.capacity());
}
