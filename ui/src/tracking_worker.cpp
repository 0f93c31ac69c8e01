#include "pt/ui/tracking_worker.hpp"

#include <exception>

#include "pt/io/result_sink.hpp"
#include "pt/pupil/reflection_remover.hpp"
#include "pt/tracking_run.hpp"

namespace pt::ui {

class TrackingWorker::Sink final : public ResultSink {
 public:
  Sink(TrackingWorker& w, PupilDetector& detector, std::vector<EyeRegion> regions, const ReflectionParams& reflections)
      : w_(w), detector_(detector), regions_(std::move(regions)), reflections_(reflections) {}
  void on_frame(const TrackedFrame& frame) override {
    if (w_.source_.at_end()) w_.latest_.want_next();  // the view stays on the replay's last frame
    const bool reflections = w_.reflections_wanted_.load(std::memory_order_relaxed);
    const bool search = w_.search_wanted_.load(std::memory_order_relaxed);
    if (reflections || search) {
      w_.latest_.offer(frame, regions_, [&](FrameSnapshot& s) {
        if (reflections) add_reflection_mask(s);
        if (search) add_search(frame, s);
      });
    } else {
      w_.latest_.offer(frame, regions_);
    }
    w_.trace_.push(frame, regions_);
    w_.record(frame);
    w_.latency_ns_sum_.fetch_add(static_cast<std::uint64_t>(frame.latency_us * 1000.0), std::memory_order_relaxed);
    w_.tracked_.fetch_add(1, std::memory_order_relaxed);
    // Before the next frame goes in: both apply from the next frame submitted.
    detector_.keep_searches(search);
    w_.pass_hints(detector_);
  }

  [[nodiscard]] const std::vector<EyeRegion>& regions() const noexcept { return regions_; }

 private:
  // In frame pixels; empty for frames submitted before the overlay was switched on.
  static void add_search(const TrackedFrame& frame, FrameSnapshot& s) {
    s.searches.resize(frame.searches.size());
    for (std::size_t i = 0; i < frame.searches.size() && i < s.eyes.size(); ++i) {
      const Point2f origin{static_cast<float>(s.eyes[i].searched.x), static_cast<float>(s.eyes[i].searched.y)};
      EyeSearchPoints& out = s.searches[i];
      for (const Point2f& p : frame.searches[i].edges) out.edges.push_back({p.x + origin.x, p.y + origin.y});
      out.inlier = frame.searches[i].inlier;
    }
  }

  void add_reflection_mask(FrameSnapshot& s) {
    s.reflection_mask = ImageU8(s.pixels.width(), s.pixels.height());
    for (const EyeRegion& r : s.regions) {
      ImageU8 filled(r.rect.w, r.rect.h);
      remover_.apply(s.pixels.view().sub(r.rect), filled.view(), s.reflection_mask.view().sub(r.rect), reflections_);
    }
  }

  TrackingWorker& w_;
  PupilDetector& detector_;
  std::vector<EyeRegion> regions_;
  ReflectionParams reflections_;
  ReflectionRemover remover_;
};

TrackingWorker::TrackingWorker(std::unique_ptr<FrameSource> source, std::vector<EyeRegion> regions, bool live,
                               const DetectorParams& params, DetectorFactory make_detector)
    : source_(std::move(source), live),
      live_(live),
      make_detector_(std::move(make_detector)),
      params_(params),
      regions_(std::move(regions)) {
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

void TrackingWorker::set_regions(std::vector<EyeRegion> regions) {
  {
    const std::lock_guard lock(mutex_);
    regions_ = std::move(regions);
  }
  interrupt_.store(true);
}

std::vector<EyeRegion> TrackingWorker::regions() const {
  const std::lock_guard lock(mutex_);
  return regions_;
}

void TrackingWorker::hint_pupil(std::size_t eye, Point2f centre) {
  const std::lock_guard lock(mutex_);
  hints_.emplace_back(eye, centre);
}

void TrackingWorker::pass_hints(PupilDetector& detector) {
  const std::lock_guard lock(mutex_);
  for (const auto& [eye, centre] : hints_) detector.hint_pupil(eye, centre);
  hints_.clear();
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
      // A detector that cannot be made (e.g. a CUDA device gone) ends tracking with its reason.
      try {
        detector = make_detector_(params, regions().size(), 1);
      } catch (const std::exception& e) {
        return finish(e.what());
      }
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
    // A single frame (a step, a seek while paused) is read whatever comes meanwhile: a command
    // given before it is in would otherwise cut the run short and lose the frame asked for.
    std::atomic<bool> one_frame_read{false};
    if (command->one_frame) {
      source_.stop_after_next_read(&one_frame_read);
      latest_.want_next();
    }
    Sink sink(*this, *detector, regions(), params.reflections);
    ResultSink* const sinks[] = {&sink};
    RunOptions options;
    options.stop = command->one_frame ? &one_frame_read : &interrupt_;
    const RunSummary summary = run_tracking(source_, *detector, sink.regions(), params, sinks, options);
    source_.stop_after_next_read(nullptr);  // a run that ended before its one frame
    // A camera that went away is read again: it reconnects by itself, and the window shows the loss.
    if (summary.end == ReadStatus::Error && live_) continue;
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
