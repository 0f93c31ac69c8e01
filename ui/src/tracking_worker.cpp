#include "pt/ui/tracking_worker.hpp"

#include "pt/io/result_sink.hpp"
#include "pt/pupil/reflection_remover.hpp"
#include "pt/tracking_run.hpp"

namespace pt::ui {

class TrackingWorker::Sink final : public ResultSink {
 public:
  Sink(TrackingWorker& w, const ReflectionParams& reflections) : w_(w), reflections_(reflections) {}
  void on_frame(const TrackedFrame& frame) override {
    if (w_.source_.at_end()) w_.latest_.want_next();  // the view stays on the replay's last frame
    if (w_.reflections_wanted_.load(std::memory_order_relaxed)) {
      w_.latest_.offer(frame, w_.regions_, [&](FrameSnapshot& s) { add_reflection_mask(s); });
    } else {
      w_.latest_.offer(frame, w_.regions_);
    }
    w_.trace_.push(frame, w_.regions_);
    w_.record(frame);
    w_.latency_ns_sum_.fetch_add(static_cast<std::uint64_t>(frame.latency_us * 1000.0), std::memory_order_relaxed);
    w_.tracked_.fetch_add(1, std::memory_order_relaxed);
  }

 private:
  void add_reflection_mask(FrameSnapshot& s) {
    s.reflection_mask = ImageU8(s.pixels.width(), s.pixels.height());
    for (const EyeRegion& r : s.regions) {
      ImageU8 filled(r.rect.w, r.rect.h);
      remover_.apply(s.pixels.view().sub(r.rect), filled.view(), s.reflection_mask.view().sub(r.rect), reflections_);
    }
  }

  TrackingWorker& w_;
  ReflectionParams reflections_;
  ReflectionRemover remover_;
};

TrackingWorker::TrackingWorker(std::unique_ptr<FrameSource> source, std::vector<EyeRegion> regions, bool live,
                               const DetectorParams& params, int threads)
    : source_(std::move(source), live), live_(live), regions_(std::move(regions)), threads_(threads), params_(params) {
  thread_ = std::thread([this] { loop(); });
}

TrackingWorker::~TrackingWorker() {
  quit_.store(true);
  playback_.shut_down();
  thread_.join();
}

void TrackingWorker::set_params(const DetectorParams& params) {
  {
    const std::lock_guard lock(mutex_);
    params_ = params;
    ++params_version_;
  }
  interrupt_.store(true);
  playback_.show_again();
}

void TrackingWorker::set_recording(std::shared_ptr<ResultSink> recording) {
  const std::lock_guard lock(recording_mutex_);
  recording_ = std::move(recording);
}

void TrackingWorker::record(const TrackedFrame& frame) {
  const std::lock_guard lock(recording_mutex_);
  if (recording_) recording_->on_frame(frame);
}

DetectorParams TrackingWorker::params() const {
  const std::lock_guard lock(mutex_);
  return params_;
}

std::string TrackingWorker::detector_description() const {
  const std::lock_guard lock(mutex_);
  return description_;
}

WorkerCounters TrackingWorker::counters() const {
  WorkerCounters c;
  c.frames_read = source_.frames_read();
  c.frames_dropped = source_.frames_dropped();
  c.frames_tracked = tracked_.load(std::memory_order_relaxed);
  c.latency_us_sum = static_cast<double>(latency_ns_sum_.load(std::memory_order_relaxed)) / 1000.0;
  const std::lock_guard lock(mutex_);
  c.finished = finished_;
  c.error = error_;
  return c;
}

void TrackingWorker::finish(const std::string& error) {
  const std::lock_guard lock(mutex_);
  finished_ = true;
  error_ = error;
}

void TrackingWorker::loop() {
  std::unique_ptr<PupilDetector> detector;
  std::uint64_t detector_version = 0;
  while (!quit_.load()) {
    const std::optional<PlaybackControl::Command> command = playback_.next(source_.position());
    if (!command) return;
    DetectorParams params;
    std::uint64_t version = 0;
    {
      const std::lock_guard lock(mutex_);
      params = params_;
      version = params_version_;
    }
    if (!detector || version != detector_version) {
      detector = make_cpu_detector(params, threads_);
      detector_version = version;
      const std::lock_guard lock(mutex_);
      description_ = detector->description();
    }
    if (command->seek_to) {
      if (!source_.seek(*command->seek_to)) {
        if (!source_.error().empty()) return finish(source_.error());
        continue;
      }
      detector->reset_tracking();
      const std::lock_guard lock(mutex_);
      finished_ = false;
    }
    if (command->one_frame) {
      source_.stop_after_next_read(&interrupt_);
      latest_.want_next();
    }
    Sink sink(*this, params.reflections);
    ResultSink* const sinks[] = {&sink};
    RunOptions options;
    options.stop = &interrupt_;
    const RunSummary summary = run_tracking(source_, *detector, regions_, params, sinks, options);
    source_.stop_after_next_read(nullptr);  // a run stopped before its one frame
    if (summary.end == ReadStatus::Error || (summary.end == ReadStatus::EndOfStream && !source_.can_seek())) {
      return finish(summary.error);
    }
    if (summary.end == ReadStatus::EndOfStream) {  // a replay waits at its end for a seek back
      finish({});
      playback_.pause_at_end();
    }
  }
}

}  // namespace pt::ui
