#include "pt/tracking_in_stretches.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <deque>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace pt {
namespace {

using Clock = std::chrono::steady_clock;

// The first `limit` frames of a source, then its end.
class FirstFrames final : public FrameSource {
 public:
  FirstFrames(FrameSource& inner, std::int64_t limit) : inner_(inner), limit_(limit) {}
  [[nodiscard]] std::string describe() const override { return inner_.describe(); }
  [[nodiscard]] int width() const override { return inner_.width(); }
  [[nodiscard]] int height() const override { return inner_.height(); }
  [[nodiscard]] double nominal_fps() const override { return inner_.nominal_fps(); }
  [[nodiscard]] std::optional<std::int64_t> frame_count() const override { return limit_; }
  ReadStatus read(Frame& into) override {
    if (read_ >= limit_) return ReadStatus::EndOfStream;
    const ReadStatus status = inner_.read(into);
    if (status == ReadStatus::Ok) ++read_;
    return status;
  }
  [[nodiscard]] std::string error() const override { return inner_.error(); }

 private:
  FrameSource& inner_;
  std::int64_t limit_;
  std::int64_t read_ = 0;
};

// What the stretches share with the thread that feeds the sinks.
struct Exchange {
  std::mutex mutex;
  std::condition_variable changed;
  std::atomic<bool> halt{false};
  std::atomic<std::uint64_t> tracked{0};
};

struct Stretch {
  std::int64_t from = 0;   // the first frame tracked, lead-in included
  std::int64_t first = 0;  // the first frame reported
  std::int64_t end = 0;
  std::deque<TrackedFrame> ready;  // under Exchange::mutex, as are the two below
  bool finished = false;
  RunSummary summary;
};

// Keeps a stretch's results, without pixels, for the sinks; the lead-in's are dropped.
class StretchCollector final : public ResultSink {
 public:
  StretchCollector(Stretch& stretch, Exchange& exchange)
      : stretch_(stretch), exchange_(exchange), lead_in_(stretch.first - stretch.from) {}
  void on_frame(const TrackedFrame& frame) override {
    if (seen_++ < lead_in_) return;
    TrackedFrame kept;
    kept.frame.info() = frame.frame.info();
    kept.eyes = frame.eyes;
    kept.latency_us = frame.latency_us;
    kept.searches = frame.searches;
    {
      const std::lock_guard lock(exchange_.mutex);
      stretch_.ready.push_back(std::move(kept));
    }
    exchange_.tracked.fetch_add(1, std::memory_order_relaxed);
    exchange_.changed.notify_all();
  }

 private:
  Stretch& stretch_;
  Exchange& exchange_;
  std::int64_t lead_in_;
  std::int64_t seen_ = 0;
};

RunSummary track_stretch(Stretch& stretch, Exchange& exchange, const SourceOpener& open, PupilDetector& detector,
                         std::span<const EyeRegion> regions, const DetectorParams& params, const RunOptions& options) {
  RunSummary failed;
  failed.end = ReadStatus::Error;
  try {
    const std::unique_ptr<FrameSource> source = open();
    if (!source->seek(stretch.from)) {
      failed.error = source->error().empty() ? source->describe() + ": cannot seek to frame " + std::to_string(stretch.from)
                                             : source->error();
      return failed;
    }
    FirstFrames frames(*source, stretch.end - stretch.from);
    StretchCollector collector(stretch, exchange);
    ResultSink* const sinks[] = {&collector};
    RunOptions own;
    own.pool_frames = options.pool_frames;
    own.independent_frames = options.independent_frames;
    own.stop = &exchange.halt;
    RunSummary summary = run_tracking(frames, detector, regions, params, sinks, own);
    if (summary.end == ReadStatus::Error) {
      summary.error = "frames " + std::to_string(stretch.from) + "-" + std::to_string(stretch.end - 1) + ": " + summary.error;
    }
    return summary;
  } catch (const std::exception& e) {
    failed.error = e.what();
    return failed;
  }
}

// Sets the flag when it goes, so that the stretches stop before their threads are joined, also
// when a sink throws.
class HaltOnExit {
 public:
  explicit HaltOnExit(std::atomic<bool>& halt) noexcept : halt_(halt) {}
  HaltOnExit(const HaltOnExit&) = delete;
  HaltOnExit& operator=(const HaltOnExit&) = delete;
  ~HaltOnExit() { halt_.store(true); }

 private:
  std::atomic<bool>& halt_;
};

}  // namespace

std::int64_t lead_in_frames(double seconds, double fps) noexcept {
  if (!(seconds > 0.0) || !(fps > 0.0)) return 0;
  return static_cast<std::int64_t>(std::ceil(seconds * fps));
}

RunSummary run_tracking_in_stretches(const SourceOpener& open, const DetectorMaker& make,
                                     std::span<const EyeRegion> regions, const DetectorParams& params,
                                     std::span<ResultSink* const> sinks, const RunOptions& options,
                                     const StretchPlan& plan) {
  if (plan.stretches < 1) throw std::invalid_argument("stretches: at least 1");
  if (plan.lead_in < 0) throw std::invalid_argument("stretches: the lead-in cannot be negative");
  const std::int64_t total = [&] {
    const std::unique_ptr<FrameSource> probe = open();
    if (!probe->can_seek() || !probe->frame_count()) {
      throw std::invalid_argument(probe->describe() +
                                  ": tracking in stretches needs an input that can seek and knows its length");
    }
    return *probe->frame_count();
  }();
  RunSummary summary;
  summary.detected_per_eye.assign(regions.size(), 0);
  summary.end = ReadStatus::EndOfStream;
  if (total == 0) return summary;
  const std::int64_t count = std::min<std::int64_t>(plan.stretches, total);
  std::vector<Stretch> stretches(static_cast<std::size_t>(count));
  for (std::int64_t s = 0; s < count; ++s) {
    Stretch& st = stretches[static_cast<std::size_t>(s)];
    st.first = s * total / count;
    st.end = (s + 1) * total / count;
    st.from = std::max<std::int64_t>(0, st.first - plan.lead_in);
  }

  std::vector<std::unique_ptr<PupilDetector>> detectors;
  for (std::int64_t s = 0; s < count; ++s) detectors.push_back(make());

  Exchange exchange;
  RunProgress progress;
  progress.total = total;
  const Clock::time_point start = Clock::now();
  Clock::time_point last_report{};
  const auto report = [&](bool force) {
    const Clock::time_point now = Clock::now();
    if (!options.on_progress || (!force && now - last_report < std::chrono::milliseconds(100))) return;
    last_report = now;
    progress.frames = exchange.tracked.load(std::memory_order_relaxed);
    progress.elapsed_s = std::chrono::duration<double>(now - start).count();
    options.on_progress(progress);
  };
  const auto stop_asked = [&] { return options.stop != nullptr && options.stop->load(std::memory_order_relaxed); };

  std::vector<std::jthread> threads;
  const HaltOnExit halt_on_exit(exchange.halt);
  for (std::size_t s = 0; s < stretches.size(); ++s) {
    threads.emplace_back([&, stretch = &stretches[s], detector = detectors[s].get()] {
      RunSummary done = track_stretch(*stretch, exchange, open, *detector, regions, params, options);
      {
        const std::lock_guard lock(exchange.mutex);
        stretch->summary = std::move(done);
        stretch->finished = true;
      }
      exchange.changed.notify_all();
    });
  }
  for (Stretch& st : stretches) {
    const std::uint64_t before = summary.frames;
    for (;;) {
      std::deque<TrackedFrame> batch;
      bool finished = false;
      {
        std::unique_lock lock(exchange.mutex);
        exchange.changed.wait_for(lock, std::chrono::milliseconds(100), [&] { return !st.ready.empty() || st.finished; });
        batch.swap(st.ready);
        finished = st.finished;
      }
      for (const TrackedFrame& f : batch) {
        for (std::size_t i = 0; i < f.eyes.size() && i < summary.detected_per_eye.size(); ++i) {
          summary.detected_per_eye[i] += f.eyes[i].detected ? 1 : 0;
        }
        for (ResultSink* sink : sinks) sink->on_frame(f);
        ++summary.frames;
      }
      if (stop_asked()) exchange.halt.store(true);
      report(false);
      if (finished && batch.empty()) break;
    }
    // A stretch that stopped short leaves a gap: nothing after it may reach the sinks. Only the
    // last may end before its stated end (a length that was an estimate).
    const bool last = &st == &stretches.back();
    if (st.summary.end == ReadStatus::EndOfStream && !last &&
        summary.frames - before != static_cast<std::uint64_t>(st.end - st.first)) {
      st.summary.end = ReadStatus::Error;
      st.summary.error = "the input ended at frame " + std::to_string(st.first + static_cast<std::int64_t>(summary.frames - before)) +
                         ", before the " + std::to_string(total) + " frames it stated";
    }
    if (st.summary.end != ReadStatus::EndOfStream) {
      exchange.halt.store(true);
      summary.end = st.summary.end == ReadStatus::Error ? ReadStatus::Error : ReadStatus::Ok;
      summary.error = st.summary.error;
      break;
    }
  }
  summary.elapsed_s = std::chrono::duration<double>(Clock::now() - start).count();
  report(true);
  return summary;
}

}  // namespace pt
