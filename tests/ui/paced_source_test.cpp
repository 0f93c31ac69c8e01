// Pacing to the nominal frame rate, and frames a late reader misses counted as dropped for a
// camera only. Bounds are one-sided: a busy machine can only make reads later, never earlier.
#include <chrono>
#include <thread>

#include "pt/camera_buffering.hpp"
#include "pt/ui/paced_source.hpp"
#include "pt_catch.hpp"

namespace {

class InstantSource final : public pt::FrameSource {
 public:
  std::string describe() const override { return "instant"; }
  int width() const override { return 8; }
  int height() const override { return 8; }
  double nominal_fps() const override { return 1000.0; }
  std::optional<std::int64_t> frame_count() const override { return std::nullopt; }
  pt::ReadStatus read(pt::Frame& /*into*/) override { return pt::ReadStatus::Ok; }
  std::string error() const override { return {}; }
};

using Clock = std::chrono::steady_clock;

}  // namespace

TEST_CASE("a paced source delivers no faster than its nominal rate") {
  pt::ui::PacedSource source(std::make_unique<InstantSource>(), true);
  pt::Frame frame;
  const auto start = Clock::now();
  for (int i = 0; i < 61; ++i) REQUIRE(source.read(frame) == pt::ReadStatus::Ok);
  CHECK(Clock::now() - start >= std::chrono::milliseconds(60));
  CHECK(source.frames_read() == 61);
  CHECK(source.frames_dropped() == 0);
}

TEST_CASE("a reader later than the camera's buffers loses frames on a live source only") {
  for (const bool live : {true, false}) {
    pt::ui::PacedSource source(std::make_unique<InstantSource>(), live);
    pt::Frame frame;
    REQUIRE(source.read(frame) == pt::ReadStatus::Ok);
    // 400 frame periods: more than the buffers a camera at this rate has (a quarter second's).
    const std::size_t buffers = pt::camera_buffers_for(1000.0);
    REQUIRE(buffers < 380);
    std::this_thread::sleep_for(std::chrono::milliseconds(400));
    REQUIRE(source.read(frame) == pt::ReadStatus::Ok);
    if (live) {
      CHECK(source.frames_dropped() >= 399 - buffers);  // 399 or more periods late, less the buffered frames
    } else {
      CHECK(source.frames_dropped() == 0);
    }
    CHECK(source.frames_read() == 2);
  }
}
