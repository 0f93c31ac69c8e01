#include "cli/live_run.hpp"

#include <algorithm>
#include <atomic>
#include <csignal>
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <vector>

#include "cli/backend_report.hpp"
#include "cli/progress_line.hpp"
#include "cli/stats_line.hpp"
#include "pt/io/csv_format.hpp"
#include "pt/tracking_in_stretches.hpp"

namespace pt::cli {
namespace {

std::atomic<bool> g_stop{false};

extern "C" void request_stop(int /*signal*/) { g_stop.store(true); }

// Ctrl-C and SIGTERM end the run early while it lasts; afterwards, also when it throws, they end
// the program again.
class StopOnSignals {
 public:
  StopOnSignals() {
    g_stop.store(false);
    std::signal(SIGINT, request_stop);
    std::signal(SIGTERM, request_stop);
  }
  StopOnSignals(const StopOnSignals&) = delete;
  StopOnSignals& operator=(const StopOnSignals&) = delete;
  ~StopOnSignals() {
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
  }
};

std::string detection_detail(const std::vector<std::uint64_t>& detected, std::uint64_t frames,
                             std::span<const EyeRegion> regions) {
  std::string out;
  for (std::size_t i = 0; i < regions.size() && i < detected.size(); ++i) {
    if (!out.empty()) out += ' ';
    out += std::string(to_string(regions[i].eye)) + ' ';
    out += frames == 0 ? "-" : csv_number(100.0 * static_cast<double>(detected[i]) / static_cast<double>(frames), 1) + "%";
  }
  return out.empty() ? out : "pupil found: " + out;
}

// Counts detections as frames complete, for the live line.
class DetectionCounter final : public ResultSink {
 public:
  explicit DetectionCounter(std::size_t eyes) : detected(eyes, 0) {}
  void on_frame(const TrackedFrame& frame) override {
    for (std::size_t i = 0; i < frame.eyes.size() && i < detected.size(); ++i) detected[i] += frame.eyes[i].detected;
    ++frames;
  }
  std::vector<std::uint64_t> detected;
  std::uint64_t frames = 0;
};

DetectorChoice choose_for(const TrackerOptions& options, const DetectorParams& params, std::size_t eyes) {
  // A few frames in flight let the device work ahead while the host searches.
  constexpr int kCudaFramesInFlight = 3;
  return choose_detector(options.backend, params, eyes,
                         options.segments > 1 ? kCudaFramesInFlightPerStretch : kCudaFramesInFlight,
                         cuda_search_on_device(options.cuda_search), options.device_loop, options.segments);
}

// --segments: the file opened again for each stretch, each with a detector of its own; the first
// stretch takes `first`, the one already made.
RunSummary run_in_stretches(const FrameSource& source, std::unique_ptr<PupilDetector> first,
                            std::span<const EyeRegion> regions, const TrackerOptions& options,
                            const DetectorParams& params, std::span<ResultSink* const> sinks,
                            const RunOptions& run_options) {
  const std::int64_t lead_in = lead_in_frames(options.segment_lead_in_s, source.nominal_fps());
  std::fprintf(stderr, "stretches: %lld tracked at once, each led in by up to %g s (%lld frames)\n",
               static_cast<long long>(std::max<std::int64_t>(1, std::min<std::int64_t>(options.segments, *source.frame_count()))),
               options.segment_lead_in_s, static_cast<long long>(lead_in));
  const InputOptions input = resolve_input(options);
  const DetectorMaker make = [&] {
    return first ? std::move(first) : choose_for(options, params, regions.size()).detector;
  };
  return run_tracking_in_stretches([&] { return open_input(input); }, make, regions, params, sinks, run_options,
                                   {options.segments, lead_in});
}

}  // namespace

RunSummary run_live(FrameSource& source, std::span<const EyeRegion> regions, const TrackerOptions& options,
                    std::span<ResultSink* const> sinks, const RunReporting& reporting) {
  check_segments(options, source);
  const DetectorParams params = resolve_detector_params(options);
  DetectorChoice choice = choose_for(options, params, regions.size());
  std::unique_ptr<PupilDetector>& detector = choice.detector;
  std::fprintf(stderr, "input: %s\nbackend: %s; %s\n", source.describe().c_str(), detector->description().c_str(),
               choice.why.c_str());
  for (const std::string& n : source.notices()) std::fprintf(stderr, "note: %s\n", n.c_str());

  DetectionCounter counter(regions.size());
  std::vector<ResultSink*> all_sinks(sinks.begin(), sinks.end());
  all_sinks.push_back(&counter);

  ProgressLine progress(stderr);
  StatsLine stats(stderr, reporting.stats_every_s, reporting.source_counters);
  RunOptions run_options;
  if (!options.quiet || reporting.stats_every_s > 0.0) {
    run_options.on_progress = [&](const RunProgress& p) {
      if (!options.quiet) progress.update(p, detection_detail(counter.detected, counter.frames, regions));
      if (reporting.stats_every_s > 0.0) stats.update(p);
    };
  }
  run_options.stop = &g_stop;
  run_options.independent_frames = options.independent_frames;
  const RunSummary summary = [&] {
    const StopOnSignals stop_on_signals;
    return options.segments > 1
               ? run_in_stretches(source, std::move(detector), regions, options, params, all_sinks, run_options)
               : run_tracking(source, *detector, regions, params, all_sinks, run_options);
  }();
  progress.finish();

  for (const std::string& n : source.notices()) std::fprintf(stderr, "note: %s\n", n.c_str());
  std::fprintf(stderr, "tracked %llu frames in %.2f s (%.0f fps); %s\n", static_cast<unsigned long long>(summary.frames),
               summary.elapsed_s, summary.fps(), detection_detail(summary.detected_per_eye, summary.frames, regions).c_str());
  return summary;
}

void check_segments(const TrackerOptions& options, const FrameSource& source) {
  if (options.segments <= 1) return;
  if (!source.can_seek() || !source.frame_count()) {
    throw std::invalid_argument("--segments: " + source.describe() +
                                " cannot be tracked in stretches; that needs a video file or a recorded session");
  }
  if (source.nominal_fps() <= 0.0 && options.segment_lead_in_s > 0.0) {
    throw std::invalid_argument("--segment-lead-in is in seconds, and " + source.describe() +
                                " states no frame rate: give --segment-lead-in 0");
  }
}

std::optional<std::string> run_failure(const RunSummary& summary) {
  if (summary.end == ReadStatus::Error) return summary.error;
  if (summary.frames == 0) return "the input gave no frames";
  return std::nullopt;
}

}  // namespace pt::cli
