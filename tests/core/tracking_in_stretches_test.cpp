// run_tracking_in_stretches on rendered frames held in memory: every frame reaches the sinks
// once and in order; each stretch tracks exactly as one pass over its own frames (lead-in
// included) would; a failure, a stop or a throwing sink ends the run without a gap or a hang.
#include <atomic>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "pt/frame_pool.hpp"
#include "pt/io/result_sink.hpp"
#include "pt/pupil/pupil_detector.hpp"
#include "pt/synthetic_source.hpp"
#include "pt/tracking_in_stretches.hpp"
#include "pt/tracking_run.hpp"
#include "held_frames.hpp"
#include "pt_catch.hpp"

namespace {

constexpr int kFrames = 48;

struct Rendered {
  std::vector<pt::ImageU8> images;
  std::vector<pt::EyeRegion> regions;
};

const Rendered& rendered() {
  static const Rendered r = [] {
    pt::SyntheticConfig config;
    config.width = 320;
    config.height = 160;
    config.eyes = 2;
    config.seed = 11;
    pt::SyntheticSource source(config, kFrames);
    pt::FramePool pool(config.width, config.height, 1, pt::make_host_allocator());
    Rendered out;
    out.regions = {{pt::EyeSide::Left, source.eye_region(0)}, {pt::EyeSide::Right, source.eye_region(1)}};
    for (int i = 0; i < kFrames; ++i) {
      std::optional<pt::Frame> f = pool.try_acquire();
      REQUIRE(source.read(*f) == pt::ReadStatus::Ok);
      out.images.emplace_back(config.width, config.height);
      pt::copy_pixels(std::as_const(*f).pixels(), out.images.back().view());
    }
    return out;
  }();
  return r;
}

// The rendered frames [begin, end) as a file would give them.
std::unique_ptr<pt::FrameSource> held_frames(int begin, int end, bool seekable = true, int fail_at = -1) {
  return std::make_unique<pt::test::HeldFrames>(rendered().images, begin, end, seekable, fail_at);
}

struct Seen {
  std::uint64_t index = 0;
  bool has_pixels = false;
  std::vector<pt::PupilMeasurement> eyes;
};

class Recorder final : public pt::ResultSink {
 public:
  explicit Recorder(int throw_at = -1) : throw_at_(throw_at) {}
  void on_frame(const pt::TrackedFrame& frame) override {
    if (static_cast<int>(seen.size()) == throw_at_) throw std::runtime_error("disk full");
    seen.push_back({frame.frame.info().index, frame.frame.valid(), frame.eyes});
  }
  std::vector<Seen> seen;

 private:
  int throw_at_;
};

std::unique_ptr<pt::PupilDetector> cpu_detector() { return pt::make_cpu_detector(pt::DetectorParams{}, 2); }

// One pass over the frames [begin, end), as a stretch starting there would track them.
std::vector<Seen> one_pass(int begin, int end) {
  pt::test::HeldFrames source(rendered().images, begin, end);
  const auto detector = cpu_detector();
  Recorder recorder;
  std::vector<pt::ResultSink*> sinks{&recorder};
  const pt::RunSummary s = pt::run_tracking(source, *detector, rendered().regions, pt::DetectorParams{}, sinks, {});
  REQUIRE(s.end == pt::ReadStatus::EndOfStream);
  return recorder.seen;
}

void check_same(const Seen& got, const Seen& want) {
  REQUIRE(got.eyes.size() == want.eyes.size());
  for (std::size_t e = 0; e < got.eyes.size(); ++e) {
    CAPTURE(e);
    CHECK(got.eyes[e].detected == want.eyes[e].detected);
    CHECK(got.eyes[e].ellipse.cx == want.eyes[e].ellipse.cx);
    CHECK(got.eyes[e].ellipse.cy == want.eyes[e].ellipse.cy);
    CHECK(got.eyes[e].ellipse.a == want.eyes[e].ellipse.a);
    CHECK(got.eyes[e].ellipse.b == want.eyes[e].ellipse.b);
    CHECK(got.eyes[e].ellipse.angle_rad == want.eyes[e].ellipse.angle_rad);
    CHECK(got.eyes[e].confidence == want.eyes[e].confidence);
  }
}

pt::RunSummary in_stretches(Recorder& recorder, const pt::StretchPlan& plan, const pt::SourceOpener& open,
                            const pt::RunOptions& options = {}) {
  std::vector<pt::ResultSink*> sinks{&recorder};
  return pt::run_tracking_in_stretches(open, cpu_detector, rendered().regions, pt::DetectorParams{}, sinks, options, plan);
}

pt::SourceOpener all_frames(int fail_at = -1) {
  return [fail_at] { return held_frames(0, kFrames, true, fail_at); };
}

}  // namespace

TEST_CASE("stretches give every frame once, in order, each tracked as one pass over its stretch would") {
  for (const int lead_in : {0, 5}) {
    CAPTURE(lead_in);
    Recorder recorder;
    std::vector<std::uint64_t> progress;
    pt::RunOptions options;
    options.on_progress = [&](const pt::RunProgress& p) {
      REQUIRE(p.total == kFrames);
      progress.push_back(p.frames);
    };
    const pt::RunSummary s = in_stretches(recorder, {3, lead_in}, all_frames(), options);
    CHECK(s.end == pt::ReadStatus::EndOfStream);
    CHECK(s.error.empty());
    REQUIRE(s.frames == kFrames);
    REQUIRE(recorder.seen.size() == kFrames);
    std::vector<std::uint64_t> detected(2, 0);
    for (std::size_t i = 0; i < recorder.seen.size(); ++i) {
      CHECK(recorder.seen[i].index == i);
      CHECK_FALSE(recorder.seen[i].has_pixels);
      for (std::size_t e = 0; e < 2; ++e) detected[e] += recorder.seen[i].eyes[e].detected ? 1 : 0;
    }
    CHECK(s.detected_per_eye == detected);
    CHECK(detected[0] > kFrames / 2);
    REQUIRE_FALSE(progress.empty());
    CHECK(progress.back() == kFrames);
    // Stretches of 16 frames: [0,16), [16,32), [32,48), each led in from up to `lead_in` before.
    for (int s0 = 0; s0 < kFrames; s0 += 16) {
      const int from = std::max(0, s0 - lead_in);
      const std::vector<Seen> alone = one_pass(from, s0 + 16);
      for (int i = s0; i < s0 + 16; ++i) {
        CAPTURE(i);
        check_same(recorder.seen[static_cast<std::size_t>(i)], alone[static_cast<std::size_t>(i - from)]);
      }
    }
  }
}

TEST_CASE("more stretches than frames, and one stretch, still give every frame once") {
  for (const int stretches : {1, kFrames + 7}) {
    CAPTURE(stretches);
    Recorder recorder;
    const pt::RunSummary s = in_stretches(recorder, {stretches, 2}, all_frames());
    CHECK(s.end == pt::ReadStatus::EndOfStream);
    REQUIRE(recorder.seen.size() == kFrames);
    for (std::size_t i = 0; i < recorder.seen.size(); ++i) CHECK(recorder.seen[i].index == i);
  }
}

TEST_CASE("an input without frames ends at once, with nothing tracked and no error") {
  Recorder recorder;
  const pt::RunSummary s =
      in_stretches(recorder, {4, 3}, [] { return held_frames(0, 0); });
  CHECK(s.end == pt::ReadStatus::EndOfStream);
  CHECK(s.error.empty());
  CHECK(s.frames == 0);
  CHECK(recorder.seen.empty());
}

TEST_CASE("a stretch that fails ends the run at its failure: earlier frames delivered, none after") {
  Recorder recorder;
  const pt::RunSummary s = in_stretches(recorder, {3, 0}, all_frames(21));
  CHECK(s.end == pt::ReadStatus::Error);
  CHECK(s.error.find("frame 21 is damaged") != std::string::npos);
  CHECK(s.error.find("frames 16-31") != std::string::npos);
  REQUIRE(recorder.seen.size() == 21);
  CHECK(s.frames == 21);
  for (std::size_t i = 0; i < recorder.seen.size(); ++i) CHECK(recorder.seen[i].index == i);
}

TEST_CASE("stretches refuse an input that cannot seek, and a bad plan") {
  Recorder recorder;
  const pt::SourceOpener unseekable = [] { return held_frames(0, kFrames, false); };
  CHECK_THROWS_WITH(in_stretches(recorder, {2, 0}, unseekable),
                    "held frames: tracking in stretches needs an input that can seek and knows its length");
  CHECK_THROWS_AS(in_stretches(recorder, {0, 0}, all_frames()), std::invalid_argument);
  CHECK_THROWS_AS(in_stretches(recorder, {2, -1}, all_frames()), std::invalid_argument);
  CHECK(recorder.seen.empty());
}

TEST_CASE("a detector that cannot be made throws before any stretch starts") {
  Recorder recorder;
  int made = 0;
  const pt::DetectorMaker third_fails = [&made]() -> std::unique_ptr<pt::PupilDetector> {
    if (++made == 3) throw std::runtime_error("no usable CUDA device");
    return cpu_detector();
  };
  std::vector<pt::ResultSink*> sinks{&recorder};
  CHECK_THROWS_WITH(pt::run_tracking_in_stretches(all_frames(), third_fails, rendered().regions, pt::DetectorParams{},
                                                  sinks, {}, {4, 0}),
                    "no usable CUDA device");
  CHECK(made == 3);
  CHECK(recorder.seen.empty());
}

TEST_CASE("a stop ends every stretch; what reached the sinks is an unbroken start") {
  Recorder recorder;
  std::atomic<bool> stop{true};
  pt::RunOptions options;
  options.stop = &stop;
  const pt::RunSummary s = in_stretches(recorder, {4, 0}, all_frames(), options);
  CHECK(s.end == pt::ReadStatus::Ok);
  CHECK(recorder.seen.size() < kFrames);
  for (std::size_t i = 0; i < recorder.seen.size(); ++i) CHECK(recorder.seen[i].index == i);
}

TEST_CASE("a sink that throws stops the stretches, and its error goes on") {
  Recorder recorder(10);
  CHECK_THROWS_WITH(in_stretches(recorder, {3, 0}, all_frames()), "disk full");
  CHECK(recorder.seen.size() == 10);
}
