// AravisSource on Aravis' in-process fake camera: no network at all. Settings and their read
// back, refusals by name, frames in pool memory, deep grey narrowed, drops counted, not passed on.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstring>
#include <mutex>
#include <set>
#include <thread>

#include <opencv2/core.hpp>

#include "frame_reading.hpp"
#include "pt/camera/aravis_source.hpp"
#include "pt/camera/input_error.hpp"
#include "pt/frame_pool.hpp"
#include "pt_catch.hpp"

using pt::camera::AravisSource;
using pt::camera::AravisSourceOptions;
using pt::camera::FakeFrame;
using pt::camera::InputError;

namespace {

constexpr const char* kFake = "Fake_1";

// Plain host memory that remembers what it handed out.
class RecordingAllocator final : public pt::HostAllocator {
 public:
  void* allocate(std::size_t bytes) override {
    void* p = inner_->allocate(bytes);
    handed_out.insert(p);
    return p;
  }
  void deallocate(void* p) noexcept override { inner_->deallocate(p); }
  pt::MemoryKind kind() const noexcept override { return pt::MemoryKind::Host; }
  std::set<void*> handed_out;

 private:
  std::shared_ptr<pt::HostAllocator> inner_ = pt::make_host_allocator();
};

// Every pixel of a frame holds its camera frame id modulo 251, so that order and gaps show.
void paint_frame_id(const FakeFrame& f) {
  std::memset(f.data, static_cast<int>(f.frame_id % 251), static_cast<std::size_t>(f.width) * f.height);
}

std::string refusal(const pt::camera::CameraSettings& settings) {
  AravisSourceOptions options;
  options.settings = settings;
  try {
    AravisSource source(kFake, options);
  } catch (const InputError& e) {
    return e.what();
  }
  return "accepted";
}

}  // namespace

TEST_CASE("the fake camera takes exposure, gain, frame rate and region, and reads them back") {
  AravisSourceOptions options;
  options.settings.exposure_us = 2500.0;
  options.settings.gain = 3.0;
  options.settings.fps = 200.0;
  options.settings.region = pt::RectI{64, 32, 640, 480};
  AravisSource source(kFake, options);
  const auto& applied = source.applied();
  REQUIRE(applied.exposure_us.has_value());
  CHECK(*applied.exposure_us == Approx(2500.0));
  REQUIRE(applied.gain.has_value());
  CHECK(*applied.gain == Approx(3.0));
  REQUIRE(applied.fps.has_value());
  CHECK(*applied.fps == Approx(200.0).epsilon(0.01));
  CHECK(applied.region.x == 64);
  CHECK(applied.region.y == 32);
  CHECK(source.width() == 640);
  CHECK(source.height() == 480);
  CHECK(applied.pixel_format == "Mono8");
  CHECK(applied.trigger == "off");
  CHECK_FALSE(applied.packet_size.has_value());
  CHECK(source.nominal_fps() == Approx(200.0).epsilon(0.01));
  CHECK_THAT(source.describe(), Catch::Matchers::Contains("Fake_1") && Catch::Matchers::Contains("640x480 Mono8"));
}

TEST_CASE("settings the fake camera cannot honour are refused by name") {
  pt::camera::CameraSettings s;
  s.pixel_format = "RGB8";
  CHECK_THAT(refusal(s), Catch::Matchers::Contains("pixel format RGB8 is not supported") &&
                             Catch::Matchers::Contains("Mono8, Mono10, Mono12, Mono16"));
  s.pixel_format = "Mono12";
  CHECK_THAT(refusal(s), Catch::Matchers::Contains("does not offer pixel format Mono12") &&
                             Catch::Matchers::Contains("Mono16"));
  s = {};
  s.exposure_us = 1.0;
  CHECK_THAT(refusal(s), Catch::Matchers::Contains("exposure (µs) 1 is outside the camera's range 10 to"));
  s = {};
  s.fps = 5000.0;
  CHECK_THAT(refusal(s), Catch::Matchers::Contains("frame rate (fps) 5000 is outside"));
  s = {};
  s.region = pt::RectI{2000, 0, 640, 480};
  CHECK_THAT(refusal(s), Catch::Matchers::Contains("does not fit the 2048x2048 sensor"));
  s = {};
  s.trigger = "Line7";
  CHECK_THAT(refusal(s), Catch::Matchers::Contains("no trigger source Line7") && Catch::Matchers::Contains("Software"));
  s = {};
  s.packet_size = 8000;
  CHECK_THAT(refusal(s), Catch::Matchers::Contains("GigE Vision cameras only"));
}

TEST_CASE("Mono8 frames land in the pool memory of the given allocator, in order, without a copy") {
  auto allocator = std::make_shared<RecordingAllocator>();
  AravisSourceOptions options;
  options.settings.fps = 300.0;
  options.settings.region = pt::RectI{0, 0, 320, 240};
  options.allocator = allocator;
  options.fake_fill = paint_frame_id;
  AravisSource source(kFake, options);

  pt::FramePool caller_pool(source.width(), source.height(), 2, pt::make_host_allocator());
  int previous = -1;
  for (int i = 0; i < 60; ++i) {
    auto frame = caller_pool.try_acquire();
    REQUIRE(frame.has_value());
    REQUIRE(source.read(*frame) == pt::ReadStatus::Ok);
    const pt::ViewU8 v = frame->pixels();
    CHECK(allocator->handed_out.count(v.data) == 1);
    CHECK(v.width == 320);
    CHECK(v.height == 240);
    CHECK(frame->info().index == static_cast<std::uint64_t>(i));
    CHECK(frame->info().source == "camera:Fake_1#" + std::to_string(i));
    const int value = v.at(0, 0);
    CHECK(v.at(319, 239) == value);
    if (previous >= 0) CHECK(value == (previous + 1) % 251);
    previous = value;
  }
  const auto c = source.counters();
  CHECK(c.delivered == 60);
  CHECK(c.dropped() == 0);
}

TEST_CASE("Mono16 keeps the 8 most significant bits of each pixel") {
  AravisSourceOptions options;
  options.settings.pixel_format = "Mono16";
  options.settings.region = pt::RectI{0, 0, 256, 64};
  options.settings.fps = 100.0;
  std::atomic<int> narrow_buffers{0};  // Catch is not to be called from Aravis' thread
  options.fake_fill = [&narrow_buffers](const FakeFrame& f) {
    if (f.bytes_per_pixel != 2) {
      ++narrow_buffers;
      return;
    }
    for (int y = 0; y < f.height; ++y) {
      for (int x = 0; x < f.width; ++x) {
        const auto word = static_cast<std::uint16_t>(x * 256 + y * 3 + 1);
        std::memcpy(f.data + 2 * (static_cast<std::size_t>(y) * f.width + x), &word, 2);
      }
    }
  };
  AravisSource source(kFake, options);
  CHECK(source.applied().pixel_format == "Mono16");
  CHECK_THAT(source.notices().front(), Catch::Matchers::Contains("Mono16 frames keep their 8 most significant bits"));
  const auto outcome = pt::test::read_all_frames(source, 3);
  REQUIRE(outcome.pixels.size() == 3);
  int wrong = 0;
  for (int y = 0; y < 64; ++y) {
    for (int x = 0; x < 256; ++x) wrong += outcome.pixels[2].at<std::uint8_t>(y, x) != ((x * 256 + y * 3 + 1) >> 8) ? 1 : 0;
  }
  CHECK(wrong == 0);
  CHECK(narrow_buffers.load() == 0);
}

TEST_CASE("frames the pipeline had no buffer for are counted and never handed out") {
  AravisSourceOptions options;
  options.settings.fps = 500.0;
  options.settings.region = pt::RectI{0, 0, 160, 120};
  options.buffers = 4;
  options.fake_fill = paint_frame_id;
  AravisSource source(kFake, options);
  pt::FramePool caller_pool(source.width(), source.height(), 4, pt::make_host_allocator());
  auto held = caller_pool.try_acquire();
  REQUIRE(source.read(*held) == pt::ReadStatus::Ok);
  // While the pipeline holds a frame, the stream has three buffers: the camera outruns them.
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  held.reset();
  for (int i = 0; i < 20; ++i) {
    auto frame = caller_pool.try_acquire();
    REQUIRE(source.read(*frame) == pt::ReadStatus::Ok);
  }
  const auto c = source.counters();
  CHECK(c.delivered == 21);
  CHECK(c.underruns >= 50);  // about 150 frames were due while no buffer was queued
  CHECK(c.dropped() >= c.underruns);
  CHECK(c.incomplete == 0);
}

TEST_CASE("a software trigger gives one frame per read") {
  AravisSourceOptions options;
  options.settings.trigger = "Software";
  options.settings.region = pt::RectI{0, 0, 64, 64};
  options.fake_fill = paint_frame_id;
  AravisSource source(kFake, options);
  CHECK(source.applied().trigger == "Software");
  const auto outcome = pt::test::read_all_frames(source, 5);
  REQUIRE(outcome.pixels.size() == 5);
  CHECK(source.counters().skipped_ids == 0);
}
