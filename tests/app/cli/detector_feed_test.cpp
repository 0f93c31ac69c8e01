// The benchmarks' frame feed: the held frames play forward, then backward, so that a tracking
// window never meets a pupil that jumped back to where the rendered sequence began.
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <deque>
#include <thread>
#include <utility>
#include <vector>

#include "cli/detector_feed.hpp"
#include "pt/host_allocator.hpp"
#include "pt_catch.hpp"

TEST_CASE("back_and_forth turns at both ends of the rendered frames") {
  std::vector<std::size_t> order;
  for (std::size_t i = 0; i < 10; ++i) order.push_back(pt::cli::back_and_forth(i, 4));
  CHECK(order == std::vector<std::size_t>{0, 1, 2, 3, 2, 1, 0, 1, 2, 3});
  for (std::size_t i = 0; i < 5; ++i) {
    CHECK(pt::cli::back_and_forth(i, 1) == 0);
    CHECK(pt::cli::back_and_forth(i, 2) == i % 2);
  }
  // Never a step of more than one frame, however long it plays.
  for (const std::size_t n : {2U, 3U, 51U, 200U}) {
    for (std::size_t i = 1; i < 5 * n; ++i) {
      CAPTURE(n, i);
      const auto step = static_cast<long long>(pt::cli::back_and_forth(i, n)) -
                        static_cast<long long>(pt::cli::back_and_forth(i - 1, n));
      CHECK(std::llabs(step) == 1);
    }
  }
}

TEST_CASE("FilledFrames hands out its frames back and forth and takes each back by the index it went out with") {
  std::vector<pt::ImageU8> images;
  for (int k = 0; k < 3; ++k) {
    images.emplace_back(4, 2);
    images.back().view().row(0)[0] = static_cast<std::uint8_t>(10 + k);
  }
  pt::cli::FilledFrames frames(images, pt::make_host_allocator());
  REQUIRE(frames.size() == 3);
  for (std::size_t i = 0; i < 9; ++i) {
    CAPTURE(i);
    REQUIRE(frames.here(i));
    pt::Frame f = frames.take(i);
    CHECK(!frames.here(i));
    CHECK(std::as_const(f).pixels().row(0)[0] == 10 + pt::cli::back_and_forth(i, 3));
    f.info().index = i;
    frames.give_back(std::move(f));
  }
}

namespace {

// A detector whose submit() takes at least kSubmitTime and whose results are ready at once.
constexpr std::chrono::microseconds kSubmitTime{1500};

class SlowSubmit final : public pt::PupilDetector {
 public:
  [[nodiscard]] pt::Backend backend() const noexcept override { return pt::Backend::Cpu; }
  [[nodiscard]] std::string description() const override { return "slow submit"; }
  void submit(pt::Frame frame, std::span<const pt::EyeRegion> regions, const pt::DetectorParams& /*params*/) override {
    std::this_thread::sleep_for(kSubmitTime);
    pt::TrackedFrame done;
    done.frame = std::move(frame);
    done.eyes.resize(regions.size());
    done_.push_back(std::move(done));
  }
  [[nodiscard]] std::optional<pt::TrackedFrame> collect(bool /*wait*/) override {
    if (done_.empty()) return std::nullopt;
    pt::TrackedFrame f = std::move(done_.front());
    done_.pop_front();
    return f;
  }
  [[nodiscard]] std::size_t in_flight() const noexcept override { return done_.size(); }
  [[nodiscard]] std::size_t max_in_flight() const noexcept override { return 2; }
  void reset_tracking() override {}

 private:
  std::deque<pt::TrackedFrame> done_;
};

std::vector<pt::ImageU8> blank_images(int count) {
  std::vector<pt::ImageU8> images;
  for (int k = 0; k < count; ++k) images.emplace_back(8, 4);
  return images;
}

}  // namespace

TEST_CASE("drive times the host's time inside submit(), a sample a frame") {
  const std::vector<pt::ImageU8> images = blank_images(3);
  pt::cli::FilledFrames frames(images, pt::make_host_allocator());
  SlowSubmit detector;
  const std::vector<pt::EyeRegion> regions{{pt::EyeSide::Left, {0, 0, 8, 4}}};
  const pt::cli::Timed t = pt::cli::drive(detector, frames, regions, pt::DetectorParams{}, 5, "slow");
  CHECK(t.submit.name == "slow: host time in submit");
  REQUIRE(t.submit.us.size() == 5);
  for (const double us : t.submit.us) CHECK(us >= static_cast<double>(kSubmitTime.count()));
}

TEST_CASE("drive_segments gathers every stretch's submit times, the warm-up's left out") {
  const std::vector<pt::ImageU8> images = blank_images(6);
  std::vector<SlowSubmit> detectors(3);
  std::vector<pt::PupilDetector*> on;
  for (SlowSubmit& d : detectors) on.push_back(&d);
  const std::vector<pt::EyeRegion> regions{{pt::EyeSide::Left, {0, 0, 8, 4}}};
  const pt::cli::Timed t = pt::cli::drive_segments(images, regions, pt::DetectorParams{}, 7, on,
                                                   [] { return pt::make_host_allocator(); }, "cut");
  CHECK(t.submit.name == "cut, 3 stretches at once: host time in submit");
  CHECK(t.latency.name == "cut, 3 stretches at once: latency");
  CHECK(t.submit.us.size() == 7);
  CHECK(t.latency.us.size() == 7);
  for (const double us : t.submit.us) CHECK(us >= static_cast<double>(kSubmitTime.count()));
}
