// End to end: Aravis' in-process fake camera paints the synthetic binocular eyes, and the CPU
// detector tracks them through run_tracking as it would a real camera, scored against the
// rendered ground truth.
#include <atomic>
#include <cmath>
#include <mutex>
#include <vector>

#include "pt/camera/aravis_source.hpp"
#include "pt/io/result_sink.hpp"
#include "pt/synthetic_eyes.hpp"
#include "pt/tracking_run.hpp"
#include "pt_catch.hpp"

namespace {

// The renderer on Aravis' stream thread; the fake camera paints only frames it has a buffer for,
// so the n-th frame painted is the n-th frame read, dropped or not.
class EyePainter {
 public:
  explicit EyePainter(const pt::SyntheticConfig& config) : renderer_(config) {}

  void paint(const pt::camera::FakeFrame& f) {
    const pt::SyntheticFrameTruth truth = renderer_.render_next(pt::ViewU8{f.data, f.width, f.height, f.width});
    const std::lock_guard lock(mutex_);
    truths_.push_back(truth);
  }

  [[nodiscard]] pt::SyntheticFrameTruth truth(std::uint64_t index) {
    const std::lock_guard lock(mutex_);
    return truths_.at(index);
  }

 private:
  pt::SyntheticEyeRenderer renderer_;
  std::mutex mutex_;
  std::vector<pt::SyntheticFrameTruth> truths_;
};

class TruthScore final : public pt::ResultSink {
 public:
  TruthScore(EyePainter& painter, std::uint64_t frames, std::atomic<bool>& stop)
      : painter_(painter), frames_(frames), stop_(stop) {}

  void on_frame(const pt::TrackedFrame& done) override {
    const pt::SyntheticFrameTruth truth = painter_.truth(done.frame.info().index);
    for (std::size_t e = 0; e < done.eyes.size(); ++e) {
      const pt::SyntheticEyeTruth& gt = truth.eyes[e];
      const pt::PupilMeasurement& m = done.eyes[e];
      if (gt.openness == pt::EyeOpenness::Closed) {
        ++closed;
        closed_reported += m.detected ? 1 : 0;
      } else if (gt.openness == pt::EyeOpenness::Open) {
        ++open;
        within_1px += m.detected && std::hypot(m.ellipse.cx - gt.pupil.cx, m.ellipse.cy - gt.pupil.cy) <= 1.0 ? 1 : 0;
      }
    }
    if (++seen_ >= frames_) stop_.store(true);
  }

  int open = 0;
  int within_1px = 0;
  int closed = 0;
  int closed_reported = 0;

 private:
  EyePainter& painter_;
  std::uint64_t frames_;
  std::uint64_t seen_ = 0;
  std::atomic<bool>& stop_;
};

}  // namespace

TEST_CASE("synthetic eyes painted by the fake camera are tracked within 1 px of the truth") {
  pt::SyntheticConfig config;  // binocular 1280x1024 with lashes, glints, blinks and saccades
  config.seed = 5;
  config.fps = 100.0;  // the eyes' clock: 8 s of motion over the 800 frames, several blinks
  EyePainter painter(config);

  pt::camera::AravisSourceOptions options;
  options.settings.region = pt::RectI{0, 0, config.width, config.height};
  options.settings.fps = 200.0;
  options.fake_fill = [&painter](const pt::camera::FakeFrame& f) { painter.paint(f); };
  pt::camera::AravisSource source("Fake_1", options);

  const pt::SyntheticEyeRenderer layout(config);
  const std::vector<pt::EyeRegion> regions{{pt::EyeSide::Left, layout.eye_region(0)},
                                           {pt::EyeSide::Right, layout.eye_region(1)}};
  const pt::DetectorParams params;
  const auto detector = pt::make_cpu_detector(params);
  std::atomic<bool> stop{false};
  TruthScore score(painter, 800, stop);
  pt::ResultSink* sinks[] = {&score};
  pt::RunOptions run;
  run.stop = &stop;
  const pt::RunSummary summary = pt::run_tracking(source, *detector, regions, params, sinks, run);

  std::printf("fake camera tracking: %llu frames, open eye-frames %d, within 1 px %d; closed %d, reported %d; "
              "dropped %llu\n",
              static_cast<unsigned long long>(summary.frames), score.open, score.within_1px, score.closed,
              score.closed_reported, static_cast<unsigned long long>(source.counters().dropped()));
  REQUIRE(summary.frames == 800);
  REQUIRE(score.open > 1000);
  CHECK(static_cast<double>(score.within_1px) >= 0.99 * score.open);
  CHECK(score.closed_reported == 0);
}
