#include "pt/io/blink_events.hpp"

#include <filesystem>
#include <utility>

#include "pt/frame_pool.hpp"
#include "pt/pupil/pupil_detector.hpp"
#include "pt/synthetic_eyes.hpp"
#include "pt_catch.hpp"

namespace {

pt::TrackedFrame frame_at(pt::FramePool& pool, std::uint64_t index, double fps, std::initializer_list<bool> detected) {
  pt::TrackedFrame t;
  t.frame = std::move(*pool.try_acquire());
  t.frame.info().index = index;
  t.frame.info().timestamp_s = static_cast<double>(index) / fps;
  pt::EyeSide side = pt::EyeSide::Left;
  for (const bool d : detected) {
    pt::PupilMeasurement m;
    m.eye = side;
    m.detected = d;
    t.eyes.push_back(m);
    side = pt::EyeSide::Right;
  }
  return t;
}

}  // namespace

TEST_CASE("a short loss between detections is a blink; too short, too long or open-ended is not") {
  pt::FramePool pool(4, 4, 1, pt::make_host_allocator());
  pt::BlinkEventDetector blinks(pt::BlinkLimits{0.03, 1.0});
  // 100 frames/s. Left: open 0-9, lost 10-29 (200 ms), open 30-39, lost 40 (10 ms), open 41-49,
  // lost 50-199 (1.5 s), open 200. Right: starts closed 0-4, open from 5 on.
  std::vector<pt::BlinkEvent> events;
  for (std::uint64_t i = 0; i <= 200; ++i) {
    const bool left = i < 10 || (i >= 30 && i < 40) || (i >= 41 && i < 50) || i >= 200;
    const bool right = i >= 5;
    for (const auto& e : blinks.on_frame(frame_at(pool, i, 100.0, {left, right}))) events.push_back(e);
  }
  REQUIRE(events.size() == 1);
  CHECK(events[0].eye == pt::EyeSide::Left);
  CHECK(events[0].start_frame == 10);
  CHECK(events[0].end_frame == 30);
  CHECK(events[0].end_s - events[0].start_s == Approx(0.2));
}

TEST_CASE("every synthetic blink is reported once per eye, covering the closed frames") {
  pt::SyntheticConfig config;
  config.width = 640;
  config.height = 480;
  config.fps = 100.0;
  config.seed = 4;
  pt::SyntheticEyeRenderer renderer(config);
  pt::FramePool pool(config.width, config.height, 2, pt::make_host_allocator());
  const pt::DetectorParams params;
  auto detector = pt::make_cpu_detector(params);
  const std::vector<pt::EyeRegion> regions{{pt::EyeSide::Left, renderer.eye_region(0)},
                                           {pt::EyeSide::Right, renderer.eye_region(1)}};
  pt::BlinkEventDetector blinks;
  std::vector<pt::BlinkEvent> events;
  std::vector<std::pair<std::uint64_t, std::uint64_t>> closed_runs;  // left eye, [first, last]
  bool in_run = false;
  for (std::uint64_t i = 0; i < 1500; ++i) {
    auto frame = pool.try_acquire();
    const auto truth = renderer.render_next(frame->pixels());
    frame->info().index = i;
    frame->info().timestamp_s = truth.time_s;
    const bool closed = truth.eyes[0].openness == pt::EyeOpenness::Closed;
    if (closed && !in_run) closed_runs.emplace_back(i, i);
    if (closed) closed_runs.back().second = i;
    in_run = closed;
    detector->submit(std::move(*frame), regions, params);
    for (const auto& e : blinks.on_frame(*detector->collect(true))) events.push_back(e);
  }
  REQUIRE(closed_runs.size() >= 2);
  for (const auto& [first, last] : closed_runs) {
    int covering = 0;
    for (const auto& e : events) {
      covering += (e.eye == pt::EyeSide::Left && e.start_frame <= first && e.end_frame > last) ? 1 : 0;
    }
    CAPTURE(first, last);
    CHECK(covering == 1);
  }
  int left_events = 0;
  for (const auto& e : events) left_events += e.eye == pt::EyeSide::Left ? 1 : 0;
  CHECK(left_events == static_cast<int>(closed_runs.size()));
}

TEST_CASE("a blink file that cannot be written fails at once, even in a run without blinks") {
  const std::filesystem::path full = "/dev/full";  // Linux: every write fails with ENOSPC
  if (!std::filesystem::exists(full)) {
    WARN("no /dev/full here: a failing disk not simulated");
    return;
  }
  CHECK_THROWS_WITH(pt::BlinkCsvWriter(full), Catch::Matchers::Contains("writing '/dev/full' failed"));
}
