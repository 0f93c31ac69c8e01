#pragma once
// Tracks one source on its own thread, on the detector its factory makes (CPU or CUDA), into
// the latest-frame slot and the trace ring that the GUI polls. New parameters restart the
// detector on the same source, between two frames, so the GUI never waits on tracking. A replay
// follows its PlaybackControl.
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "pt/frame_source.hpp"
#include "pt/io/result_sink.hpp"
#include "pt/pupil/pupil_detector.hpp"
#include "pt/ui/detector_factory.hpp"
#include "pt/ui/latest_frame_slot.hpp"
#include "pt/ui/paced_source.hpp"
#include "pt/ui/playback_control.hpp"
#include "pt/ui/trace_ring.hpp"

namespace pt::ui {

struct WorkerCounters {
  std::uint64_t frames_read = 0;
  std::uint64_t frames_tracked = 0;
  std::uint64_t frames_dropped = 0;
  double latency_us_sum = 0.0;  // over frames_tracked
  bool finished = false;        // the source ended or failed
  std::string error;            // why it failed, if it did
};

class TrackingWorker {
 public:
  // `live`: frames a slow tracker misses count as dropped (a camera), rather than play slower.
  TrackingWorker(std::unique_ptr<FrameSource> source, std::vector<EyeRegion> regions, bool live,
                 const DetectorParams& params, DetectorFactory make_detector);
  ~TrackingWorker();
  TrackingWorker(const TrackingWorker&) = delete;
  TrackingWorker& operator=(const TrackingWorker&) = delete;

  void set_params(const DetectorParams& params);
  [[nodiscard]] DetectorParams params() const;
  [[nodiscard]] std::string detector_description() const;
  [[nodiscard]] std::string source_description() const { return source_.describe(); }
  [[nodiscard]] bool live() const noexcept { return live_; }
  [[nodiscard]] double nominal_fps() const { return source_.nominal_fps(); }
  [[nodiscard]] const FrameSource& opened_source() const noexcept { return source_.inner(); }

  // The transport of a replay; a seek makes the detector search the next frame from scratch.
  [[nodiscard]] PlaybackControl& playback() noexcept { return playback_; }
  void set_speed(double factor) noexcept { source_.set_speed(factor); }  // 0: as fast as possible
  [[nodiscard]] bool can_seek() const { return source_.can_seek(); }
  [[nodiscard]] std::int64_t position() const noexcept { return source_.position(); }  // of the next frame read
  [[nodiscard]] std::optional<std::int64_t> frame_count() const { return source_.frame_count(); }

  // Every frame tracked from now on also goes to `recording` (nullptr: to none). Returns once the
  // tracking thread is done with the previous one, which may then be closed on any thread. The
  // recording must not throw: it runs on the tracking thread.
  void set_recording(std::shared_ptr<ResultSink> recording);

  // New eye regions (inside the frame) take over between two frames; the source goes on.
  void set_regions(std::vector<EyeRegion> regions);
  [[nodiscard]] std::vector<EyeRegion> regions() const;
  // The user's word that eye `eye`'s pupil is at `centre` (frame pixels), passed to the
  // detector between two frames.
  void hint_pupil(std::size_t eye, Point2f centre);

  // The corneal reflections found in each region of the frames on show, with the current
  // parameters (computed again for those frames only: the detector keeps no mask).
  void show_reflections(bool on) { reflections_wanted_.store(on); }
  // The border points of each eye's search (and whether the fit kept them) on the frames on
  // show; while on, the detector hands out every frame's search, of which only those are kept.
  void show_search(bool on) { search_wanted_.store(on); }

  [[nodiscard]] LatestFrameSlot& latest() noexcept { return latest_; }
  [[nodiscard]] TraceRing& trace() noexcept { return trace_; }
  [[nodiscard]] WorkerCounters counters() const;

 private:
  class Sink;
  void loop();
  void pass_hints(PupilDetector& detector);
  void record(const TrackedFrame& frame);
  void finish(const std::string& error);  // the source ended (error empty) or failed

  PacedSource source_;
  bool live_ = false;
  DetectorFactory make_detector_;
  LatestFrameSlot latest_;
  TraceRing trace_;

  mutable std::mutex mutex_;  // guards params_, params_version_, regions_, hints_, description_, finished_, error_
  DetectorParams params_;
  std::uint64_t params_version_ = 0;
  std::vector<EyeRegion> regions_;
  std::vector<std::pair<std::size_t, Point2f>> hints_;  // eye, centre; not yet passed on
  std::string description_;
  bool finished_ = false;
  std::string error_;

  std::atomic<std::uint64_t> tracked_{0};
  std::atomic<std::uint64_t> latency_ns_sum_{0};
  std::atomic<bool> interrupt_{false};  // ends the current run: new parameters, a transport command, or quit
  PlaybackControl playback_{interrupt_};
  std::mutex recording_mutex_;
  std::shared_ptr<ResultSink> recording_;
  std::atomic<bool> quit_{false};
  std::atomic<bool> reflections_wanted_{false};
  std::atomic<bool> search_wanted_{false};
  std::thread thread_;
};

}  // namespace pt::ui
