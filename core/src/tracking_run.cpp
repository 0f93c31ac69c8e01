#include "pt/tracking_run.hpp"

#include <algorithm>
#include <chrono>
#include <utility>

#include "pt/frame_pool.hpp"

namespace pt {
namespace {

using Clock = std::chrono::steady_clock;

class RunState {
 public:
  RunState(PupilDetector& detector, std::span<ResultSink* const> sinks, std::size_t eyes, const RunOptions& options,
           std::optional<std::int64_t> total)
      : detector_(detector), sinks_(sinks), options_(options), start_(Clock::now()) {
    summary_.detected_per_eye.assign(eyes, 0);
    progress_.total = total;
  }

  // Hands every finished frame to the sinks; with `wait`, waits for the oldest first. Only the
  // oldest: the detector keeps working on the others while the next frames go in.
  void deliver(bool wait) {
    for (auto done = detector_.collect(wait); done; done = detector_.collect(false)) {
      for (std::size_t i = 0; i < done->eyes.size() && i < summary_.detected_per_eye.size(); ++i) {
        summary_.detected_per_eye[i] += done->eyes[i].detected ? 1 : 0;
      }
      for (ResultSink* s : sinks_) s->on_frame(*done);
      ++summary_.frames;
      report(false);
    }
  }

  void report(bool force) {
    if (!options_.on_progress) return;
    const auto now = Clock::now();
    if (!force && now - last_report_ < std::chrono::milliseconds(100)) return;
    last_report_ = now;
    progress_.frames = summary_.frames;
    progress_.elapsed_s = std::chrono::duration<double>(now - start_).count();
    options_.on_progress(progress_);
  }

  RunSummary finish(ReadStatus end, std::string error) {
    summary_.elapsed_s = std::chrono::duration<double>(Clock::now() - start_).count();
    summary_.end = end;
    summary_.error = std::move(error);
    report(true);
    return summary_;
  }

 private:
  PupilDetector& detector_;
  std::span<ResultSink* const> sinks_;
  const RunOptions& options_;
  Clock::time_point start_;
  Clock::time_point last_report_{};
  RunProgress progress_;
  RunSummary summary_;
};

// A sink that throws (a trace on a full disk) unwinds through run_tracking while the detector
// still holds frames leased from its pool: they are collected, and so go back, before the pool
// goes. A detector that fails even so cannot be helped here, and the sink's error goes on.
class InFlightDrain {
 public:
  explicit InFlightDrain(PupilDetector& detector) noexcept : detector_(detector) {}
  InFlightDrain(const InFlightDrain&) = delete;
  InFlightDrain& operator=(const InFlightDrain&) = delete;
  ~InFlightDrain() {
    try {
      while (detector_.in_flight() > 0) (void)detector_.collect(true);
    } catch (...) {  // a destructor must not throw
    }
  }

 private:
  PupilDetector& detector_;
};

}  // namespace

RunSummary run_tracking(FrameSource& source, PupilDetector& detector, std::span<const EyeRegion> regions,
                        const DetectorParams& params, std::span<ResultSink* const> sinks, const RunOptions& options) {
  // Enough buffers for every frame the detector may hold plus the one being read.
  FramePool pool(source.width(), source.height(), std::max(options.pool_frames, detector.max_in_flight() + 1),
                 make_host_allocator());
  const InFlightDrain drain(detector);
  RunState state(detector, sinks, regions.size(), options, source.frame_count());
  ReadStatus status = ReadStatus::Ok;
  while (options.stop == nullptr || !options.stop->load(std::memory_order_relaxed)) {
    std::optional<Frame> frame =
        detector.in_flight() < detector.max_in_flight() ? pool.try_acquire() : std::optional<Frame>();
    if (!frame) {  // the detector holds all it takes (or every buffer): wait for the oldest result
      state.deliver(true);
      continue;
    }
    status = source.read(*frame);
    if (status != ReadStatus::Ok) break;
    frame->info().host_ns =
        std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now().time_since_epoch()).count();
    if (options.independent_frames) detector.reset_tracking();
    detector.submit(std::move(*frame), regions, params);
    state.deliver(false);
  }
  // Whatever is in flight still reaches the sinks: results already computed are never lost.
  while (detector.in_flight() > 0) state.deliver(true);
  return state.finish(status, status == ReadStatus::Error ? source.error() : std::string());
}

}  // namespace pt
