#include "cli/live_run.hpp"

#include <atomic>
#include <csignal>
#include <cstdio>
#include <memory>
#include <vector>

#include "cli/backend_report.hpp"
#include "cli/progress_line.hpp"
#include "cli/stats_line.hpp"
#include "pt/io/csv_format.hpp"

namespace pt::cli {
namespace {

std::atomic<bool> g_stop{false};

extern "C" void request_stop(int /*signal*/) { g_stop.store(true); }

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

}  // namespace

RunSummary run_live(FrameSource& source, std::span<const EyeRegion> regions, const TrackerOptions& options,
                    std::span<ResultSink* const> sinks, const RunReporting& reporting) {
  const DetectorParams params = resolve_detector_params(options);
  // A few frames in flight let the device work ahead while the host searches.
  constexpr int kCudaFramesInFlight = 3;
  const DetectorChoice choice =
      choose_detector(options.backend, params, regions.size(), kCudaFramesInFlight,
                      cuda_search_on_device(options.cuda_search), options.device_loop);
  const std::unique_ptr<PupilDetector>& detector = choice.detector;
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
  g_stop.store(false);
  run_options.stop = &g_stop;
  run_options.independent_frames = options.independent_frames;
  std::signal(SIGINT, request_stop);
  std::signal(SIGTERM, request_stop);
  const RunSummary summary = run_tracking(source, *detector, regions, params, all_sinks, run_options);
  std::signal(SIGINT, SIG_DFL);
  std::signal(SIGTERM, SIG_DFL);
  progress.finish();

  for (const std::string& n : source.notices()) std::fprintf(stderr, "note: %s\n", n.c_str());
  std::fprintf(stderr, "tracked %llu frames in %.2f s (%.0f fps); %s\n", static_cast<unsigned long long>(summary.frames),
               summary.elapsed_s, summary.fps(), detection_detail(summary.detected_per_eye, summary.frames, regions).c_str());
  return summary;
}

std::optional<std::string> run_failure(const RunSummary& summary) {
  if (summary.end == ReadStatus::Error) return summary.error;
  if (summary.frames == 0) return "the input gave no frames";
  return std::nullopt;
}

}  // namespace pt::cli
