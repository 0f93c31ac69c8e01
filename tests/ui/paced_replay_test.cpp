// A replay's pacing: a speed multiplies the nominal rate (0: unpaced), a seek moves the position
// the transport shows, and a one-frame run stops after its frame.
#include <atomic>
#include <chrono>

#include "pt/ui/paced_source.hpp"
#include "pt_catch.hpp"

namespace {

// Counts its frames from the position sought, at a nominal `fps`.
class CountingSource final : public pt::FrameSource {
 public:
  explicit CountingSource(double fps) : fps_(fps) {}
  std::string describe() const override { return "counting"; }
  int width() const override { return 8; }
  int height() const override { return 8; }
  double nominal_fps() const override { return fps_; }
  std::optional<std::int64_t> frame_count() const override { return 1000; }
  pt::ReadStatus read(pt::Frame& into) override {
    into.info().index = static_cast<std::uint64_t>(next_++);
    return pt::ReadStatus::Ok;
  }
  std::string error() const override { return {}; }
  bool can_seek() const override { return true; }
  bool seek(std::int64_t position) override {
    if (position < 0 || position >= 1000) return false;
    next_ = position;
    return true;
  }

 private:
  double fps_;
  std::int64_t next_ = 0;
};

using Clock = std::chrono::steady_clock;

}  // namespace

TEST_CASE("a replay at half speed delivers no faster than half its nominal rate") {
  pt::ui::PacedSource source(std::make_unique<CountingSource>(1000.0), false);
  source.set_speed(0.5);
  pt::Frame frame;
  const auto start = Clock::now();
  for (int i = 0; i < 31; ++i) REQUIRE(source.read(frame) == pt::ReadStatus::Ok);
  CHECK(Clock::now() - start >= std::chrono::milliseconds(60));
}

TEST_CASE("a replay as fast as possible does not wait for the nominal rate") {
  pt::ui::PacedSource source(std::make_unique<CountingSource>(10.0), false);  // paced: 20 s
  source.set_speed(0.0);
  pt::Frame frame;
  const auto start = Clock::now();
  for (int i = 0; i < 200; ++i) REQUIRE(source.read(frame) == pt::ReadStatus::Ok);
  CHECK(Clock::now() - start < std::chrono::seconds(10));
}

TEST_CASE("a seek moves the position, and a one-frame read raises its flag") {
  pt::ui::PacedSource source(std::make_unique<CountingSource>(1000.0), false);
  CHECK(source.can_seek());
  pt::Frame frame;
  REQUIRE(source.read(frame) == pt::ReadStatus::Ok);
  CHECK(source.position() == 1);
  REQUIRE(source.seek(500));
  CHECK(source.position() == 500);
  CHECK_FALSE(source.seek(1000));
  CHECK(source.position() == 500);

  std::atomic<bool> stop{false};
  source.stop_after_next_read(&stop);
  CHECK_FALSE(stop.load());
  REQUIRE(source.read(frame) == pt::ReadStatus::Ok);
  CHECK(frame.info().index == 500);
  CHECK(stop.load());
  stop.store(false);
  REQUIRE(source.read(frame) == pt::ReadStatus::Ok);
  CHECK_FALSE(stop.load());  // once only
  CHECK(source.position() == 502);
}
