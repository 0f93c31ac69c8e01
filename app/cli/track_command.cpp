#include "cli/track_command.hpp"

#include <atomic>
#include <csignal>
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <vector>

#include "cli/backend_report.hpp"
#include "cli/eye_regions.hpp"
#include "cli/frame_size.hpp"
#include "cli/progress_line.hpp"
#include "pt/io/csv_format.hpp"
#include "pt/io/csv_trace_writer.hpp"
#include "pt/io/ground_truth_writer.hpp"
#include "pt/tracking_run.hpp"

namespace pt::cli {
namespace {

std::atomic<bool> g_stop{false};

extern "C" void request_stop(int /*signal*/) { g_stop.store(true); }

std::string detection_detail(const std::vector<std::uint64_t>& detected, std::uint64_t frames,
                             const std::vector<EyeRegion>& regions) {
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

void add_track_command(CLI::App& app, TrackOptions& o, int& exit_code) {
  CLI::App* cmd = app.add_subcommand("track", "Track pupils in a video, an image folder or the synthetic camera");
  cmd->add_option("--input,-i", o.input.input, "synthetic, a video file (mp4/avi/mkv) or a folder of images")
      ->required();
  cmd->add_option("--csv", o.csv, "Write the pupil trace here (one row per eye per frame)");
  cmd->add_option("--eyes", o.eyes, "1: one eye in the frame; 2: left and right halves (synthetic default 2, files 1)")
      ->check(CLI::IsMember({1, 2}));
  cmd->add_option("--roi-left", o.roi_left, "Left (or only) eye region x,y,w,h in frame pixels");
  cmd->add_option("--roi-right", o.roi_right, "Right eye region x,y,w,h in frame pixels");
  cmd->add_option("--fit", o.fit, "Pupil model fitted to the edges")->check(CLI::IsMember({"circle", "ellipse"}));
  cmd->add_option("--mode", o.mode, "full: search each eye's whole region; window: once found, only a window around the pupil")
      ->check(CLI::IsMember({"full", "window"}));
  cmd->add_option("--mm-per-px", o.mm_per_px, "Scale for diameter_mm")->check(CLI::PositiveNumber);
  cmd->add_option("--frames", o.input.frames, "Synthetic: number of frames (default: run until Ctrl-C)")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--seed", o.input.synthetic.seed, "Synthetic: random seed of the rendered sequence");
  cmd->add_option("--size", o.size, "Synthetic: frame size WIDTHxHEIGHT")->capture_default_str();
  cmd->add_option("--ground-truth-out", o.ground_truth_out, "Synthetic: write the rendered ground truth here");
  cmd->add_option("--include", o.input.include_glob, "Image folder: only file names matching this glob");
  cmd->add_option("--exclude", o.input.exclude_glob, "Image folder: skip file names matching this glob (e.g. '*m.png')");
  cmd->add_flag("--quiet,-q", o.quiet, "No live progress line");
  cmd->callback([&o, &exit_code] { exit_code = run_track(o); });
}

int run_track(const TrackOptions& o) {
  try {
    InputOptions input = o.input;
    const bool synthetic = input.input == "synthetic";
    if (!synthetic && (input.frames || !o.ground_truth_out.empty())) {
      throw std::invalid_argument("--frames and --ground-truth-out apply to --input synthetic only");
    }
    std::unique_ptr<GroundTruthWriter> truth_writer;
    if (synthetic) {
      const auto [w, h] = parse_frame_size(o.size, "--size");
      input.synthetic.width = w;
      input.synthetic.height = h;
      input.synthetic.eyes = o.eyes == 0 ? 2 : o.eyes;
      if (!o.ground_truth_out.empty()) {
        truth_writer = std::make_unique<GroundTruthWriter>(o.ground_truth_out, input.synthetic.seed);
        input.truth_observer = [w = truth_writer.get()](const SyntheticFrameTruth& t, const FrameInfo& i) { w->write(t, i); };
      }
    }
    const std::unique_ptr<FrameSource> source = open_input(input);
    const int eyes = o.eyes == 0 ? (synthetic ? 2 : 1) : o.eyes;
    const std::optional<RectI> left = o.roi_left.empty() ? std::nullopt : std::optional(parse_rect(o.roi_left));
    const std::optional<RectI> right = o.roi_right.empty() ? std::nullopt : std::optional(parse_rect(o.roi_right));
    const std::vector<EyeRegion> regions = eye_regions(source->width(), source->height(), eyes, left, right);

    DetectorParams params;
    params.fit = o.fit == "circle" ? FitModel::Circle : FitModel::Ellipse;
    params.window.enabled = o.mode == "window";
    const std::unique_ptr<PupilDetector> detector = make_cpu_detector(params, default_cpu_threads(regions.size()));

    std::fprintf(stderr, "input: %s\nbackend: %s; CUDA: %s\n", source->describe().c_str(),
                 detector->description().c_str(), cuda_status().c_str());
    for (const std::string& n : source->notices()) std::fprintf(stderr, "note: %s\n", n.c_str());

    std::vector<ResultSink*> sinks;
    std::unique_ptr<CsvTraceWriter> csv;
    if (!o.csv.empty()) {
      csv = std::make_unique<CsvTraceWriter>(o.csv, TraceLabels{"starburst", "cpu", o.mm_per_px});
      sinks.push_back(csv.get());
    }
    DetectionCounter counter(regions.size());
    sinks.push_back(&counter);

    ProgressLine progress(stderr);
    RunOptions run_options;
    if (!o.quiet) {
      run_options.on_progress = [&](const RunProgress& p) {
        progress.update(p, detection_detail(counter.detected, counter.frames, regions));
      };
    }
    g_stop.store(false);
    run_options.stop = &g_stop;
    std::signal(SIGINT, request_stop);
    std::signal(SIGTERM, request_stop);
    const RunSummary summary = run_tracking(*source, *detector, regions, params, sinks, run_options);
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
    progress.finish();

    for (const std::string& n : source->notices()) std::fprintf(stderr, "note: %s\n", n.c_str());
    std::fprintf(stderr, "tracked %llu frames in %.2f s (%.0f fps); %s\n",
                 static_cast<unsigned long long>(summary.frames), summary.elapsed_s, summary.fps(),
                 detection_detail(summary.detected_per_eye, summary.frames, regions).c_str());
    if (csv) std::fprintf(stderr, "trace: %s (%llu rows)\n", o.csv.c_str(), static_cast<unsigned long long>(csv->rows()));
    if (summary.end == ReadStatus::Error) {
      std::fprintf(stderr, "error: %s\n", summary.error.c_str());
      return 1;
    }
    if (summary.frames == 0) {
      std::fprintf(stderr, "error: the input gave no frames\n");
      return 1;
    }
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 1;
  }
}

}  // namespace pt::cli
