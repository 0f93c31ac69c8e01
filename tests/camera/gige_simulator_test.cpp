// AravisSource on Aravis' GigE Vision simulator, on loopback only: acquisition with its counters,
// settings read back, and a camera that disappears mid-stream and comes back.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <string>
#include <vector>

#include "frame_reading.hpp"
#include "gige_simulator.hpp"
#include "pt/camera/aravis_source.hpp"
#include "pt/frame_pool.hpp"
#include "pt_catch.hpp"
#include "test_data.hpp"

using pt::camera::AravisSource;
using pt::camera::AravisSourceOptions;
using pt::camera::CameraState;
using pt::test::GigeSimulator;

std::string pt::test::skip_reason() {
  if (!gige_simulator_binary().empty()) return {};
  return "arv-fake-gv-camera-0.8 not found on PATH (Debian/Ubuntu package aravis-tools)";
}

namespace {

// The simulator starts each frame at the next multiple of its period on its own clock, so
// when a loaded machine starves it a slot is skipped and that interval is two periods long.
// The median ignores those skips; the mean does not (CI once saw 15.1 ms at 80 fps).
double median_interval_s(const std::vector<pt::FrameInfo>& infos) {
  std::vector<double> intervals;
  for (std::size_t i = 1; i < infos.size(); ++i) intervals.push_back(infos[i].timestamp_s - infos[i - 1].timestamp_s);
  const auto middle = intervals.begin() + static_cast<std::ptrdiff_t>(intervals.size() / 2);
  std::nth_element(intervals.begin(), middle, intervals.end());
  return *middle;
}

}  // namespace

TEST_CASE("the simulator streams whole frames with exposure and frame rate as set") {
  GigeSimulator simulator;
  for (const double fps : {40.0, 80.0}) {
    AravisSourceOptions options;
    options.settings.region = pt::RectI{0, 0, 640, 480};
    options.settings.fps = fps;
    options.settings.exposure_us = 1000.0 + fps;
    options.settings.packet_size = 8000;
    AravisSource source(GigeSimulator::kAddress, options);
    CAPTURE(fps);
    REQUIRE(source.applied().fps.has_value());
    CHECK(*source.applied().fps == Approx(fps).epsilon(0.01));
    CHECK(*source.applied().exposure_us == Approx(1000.0 + fps));
    CHECK(source.applied().packet_size == 8000);
    CHECK(source.width() == 640);

    const auto outcome = pt::test::read_all_frames(source, 40);
    REQUIRE(outcome.pixels.size() == 40);
    // The simulator paints a moving pattern: frames differ from one another.
    CHECK_FALSE(pt::test::same_pixels(outcome.pixels[0], outcome.pixels[1]));
    // The camera's own clock shows the rate it was given.
    CHECK(median_interval_s(outcome.infos) == Approx(1.0 / fps).epsilon(0.15));
    const auto c = source.counters();
    CHECK(c.delivered == 40);
    CHECK(c.dropped() == 0);
    CHECK(c.missing_packets == 0);
  }
}

TEST_CASE("a camera that disappears is reported lost, and tracked again once it is back") {
  GigeSimulator simulator;
  std::vector<std::pair<CameraState, std::string>> events;
  AravisSourceOptions options;
  options.settings.region = pt::RectI{0, 0, 320, 240};
  options.settings.fps = 50.0;
  options.settings.packet_size = 8000;
  options.liveness_check_s = 0.5;
  options.on_state = [&events](CameraState s, const std::string& why) { events.emplace_back(s, why); };
  AravisSource source(GigeSimulator::kAddress, options);
  pt::FramePool pool(source.width(), source.height(), 2, pt::make_host_allocator());
  const auto read_one = [&] {
    auto frame = pool.try_acquire();
    const pt::ReadStatus status = source.read(*frame);
    return std::make_pair(status, status == pt::ReadStatus::Ok ? frame->info().index : 0);
  };
  for (int i = 0; i < 10; ++i) REQUIRE(read_one().first == pt::ReadStatus::Ok);

  simulator.kill();
  const auto unplugged = std::chrono::steady_clock::now();
  pt::ReadStatus status = pt::ReadStatus::Ok;
  while (status == pt::ReadStatus::Ok) {
    status = read_one().first;
    REQUIRE(std::chrono::steady_clock::now() - unplugged < std::chrono::seconds(20));
  }
  CHECK(status == pt::ReadStatus::Error);
  CHECK(source.state() == CameraState::Lost);
  CHECK_THAT(source.error(), Catch::Matchers::Contains("camera 127.0.0.1 lost after"));
  REQUIRE(events.size() == 1);
  CHECK(events[0].first == CameraState::Lost);
  // While it is away, each read tries to reopen it and reports the error again.
  CHECK(read_one().first == pt::ReadStatus::Error);
  CHECK_THAT(source.error(), Catch::Matchers::Contains("still away"));

  simulator.start();
  std::pair<pt::ReadStatus, std::uint64_t> back{pt::ReadStatus::Error, 0};
  const auto replugged = std::chrono::steady_clock::now();
  while (back.first != pt::ReadStatus::Ok) {
    back = read_one();
    REQUIRE(std::chrono::steady_clock::now() - replugged < std::chrono::seconds(30));
  }
  CHECK(source.state() == CameraState::Streaming);
  REQUIRE(events.size() == 2);
  CHECK(events[1].first == CameraState::Streaming);
  CHECK(back.second >= 10);  // frame numbers carry on
  for (int i = 0; i < 10; ++i) REQUIRE(read_one().first == pt::ReadStatus::Ok);
  const auto c = source.counters();
  CHECK(c.losses == 1);
  CHECK(c.reconnects == 1);
  CHECK(c.delivered >= 21);
}
