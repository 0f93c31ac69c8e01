#include <chrono>
#include <deque>
#include <utility>

#include "pt/parallel_for.hpp"
#include "pt/pupil/eye_pupil_tracker.hpp"
#include "pt/pupil/pupil_detector.hpp"
#include "pt/pupil/tracking_window.hpp"

namespace pt {
namespace {

class CpuPupilDetector final : public PupilDetector {
 public:
  CpuPupilDetector(const DetectorParams& params, int threads) : initial_params_(params), gang_(threads) {}

  Backend backend() const noexcept override { return Backend::Cpu; }
  std::string description() const override {
    return "cpu (" + std::to_string(gang_.threads()) + (gang_.threads() == 1 ? " thread)" : " threads)");
  }

  void submit(Frame frame, std::span<const EyeRegion> regions, const DetectorParams& params) override {
    const auto start = std::chrono::steady_clock::now();
    while (trackers_.size() < regions.size()) trackers_.emplace_back(initial_params_);
    last_.resize(regions.size());
    TrackedFrame out;
    out.eyes.resize(regions.size());
    const CViewU8 pixels = std::as_const(frame).pixels();
    const double time_s = frame.info().timestamp_s;
    // Eyes are independent (each tracker keeps only its own state), so they run in parallel.
    gang_.run(static_cast<int>(regions.size()), [&](int i) {
      const auto k = static_cast<std::size_t>(i);
      PupilMeasurement& m = out.eyes[k];
      const RectI r = tracking_window(regions[k].rect.intersect(pixels.bounds()), last_[k], params.window);
      if (r.empty()) {
        m.eye = regions[k].eye;
        return;
      }
      m = trackers_[k].process(pixels.sub(r), Point2f{static_cast<float>(r.x), static_cast<float>(r.y)}, regions[k].eye,
                               time_s, params);
      m.searched = r;
      last_[k] = m.detected ? std::optional(m.ellipse) : std::nullopt;
    });
    out.latency_us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count();
    out.frame = std::move(frame);
    done_.push_back(std::move(out));
  }

  std::optional<TrackedFrame> collect(bool /*wait*/) override {
    if (done_.empty()) return std::nullopt;
    TrackedFrame f = std::move(done_.front());
    done_.pop_front();
    return f;
  }

  std::size_t in_flight() const noexcept override { return done_.size(); }
  std::size_t max_in_flight() const noexcept override { return 1; }

  void reset_tracking() override {
    for (auto& t : trackers_) t.forget_previous();
    for (auto& l : last_) l.reset();
  }

 private:
  DetectorParams initial_params_;
  ParallelFor gang_;
  std::deque<EyePupilTracker> trackers_;  // deque: trackers never move once made
  std::vector<std::optional<Ellipse>> last_;  // each eye's pupil in the previous frame
  std::deque<TrackedFrame> done_;
};

}  // namespace

std::unique_ptr<PupilDetector> make_cpu_detector(const DetectorParams& params, int threads) {
  return std::make_unique<CpuPupilDetector>(params, threads);
}

}  // namespace pt
