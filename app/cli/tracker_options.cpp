#include "cli/tracker_options.hpp"

#include <array>
#include <optional>
#include <stdexcept>

#include "cli/eye_regions.hpp"
#include "cli/frame_size.hpp"
#include "cli/number_checks.hpp"

namespace pt::cli {
namespace {

// The synthetic camera, or Aravis' fake camera painting its eyes: --size and --eyes shape both.
bool is_synthetic(const TrackerOptions& o) { return o.input.input == "synthetic" || o.input.camera.fake_eyes; }

constexpr std::array kAlgorithms{Algorithm::Starburst, Algorithm::ThresholdLabeling, Algorithm::CannyHough};

}  // namespace

void add_tracker_options(CLI::App& cmd, TrackerOptions& o) {
  cmd.add_option("--input,-i", o.input.input, "synthetic, camera:<id or address>, a video file (mp4/avi/mkv) or a folder of images")
      ->required();
  cmd.add_option("--eyes", o.eyes, "1: one eye in the frame; 2: left and right halves (synthetic default 2, files 1)")
      ->check(CLI::IsMember({1, 2}));
  cmd.add_option("--roi-left", o.roi_left, "Left (or only) eye region x,y,w,h in frame pixels");
  cmd.add_option("--roi-right", o.roi_right, "Right eye region x,y,w,h in frame pixels");
  add_algorithm_option(cmd, o.algorithm);
  add_backend_option(cmd, o.backend);
  cmd.add_option("--cuda-search", o.cuda_search,
                 "CUDA backend, where tracked pupils are searched: device (only results come back; lost pupils "
                 "found again on the CPU), host (the CPU's search on every preprocessed frame) or auto (device, the "
                 "faster); the same results to the bit")
      ->check(CLI::IsMember({"auto", "device", "host"}))
      ->capture_default_str();
  cmd.add_option("--device-loop", o.device_loop,
                 "CUDA backend, how the device search's Starburst iterations are launched: graph (a CUDA graph's "
                 "conditional loop, the fastest), persistent (one kernel for the whole search) or tail-launch (each "
                 "iteration's kernel launches the next); the same results to the bit")
      ->check(CLI::IsMember({"graph", "persistent", "tail-launch"}))
      ->capture_default_str();
  add_reflections_option(cmd, o.reflections);
  cmd.add_option("--fit", o.fit, "Pupil model fitted to the edges")->check(CLI::IsMember({"circle", "ellipse"}));
  cmd.add_option("--mode", o.mode, "full: search each eye's whole region; window: once found, only a window around the pupil")
      ->check(CLI::IsMember({"full", "window"}));
  cmd.add_option("--frames", o.input.frames, "Synthetic: number of frames (default: run until Ctrl-C)")
      ->check(positive_number());
  cmd.add_option("--seed", o.input.synthetic.seed, "Synthetic: random seed of the rendered sequence")
      ->check(non_negative_number());
  cmd.add_option("--size", o.size, "Synthetic: frame size WIDTHxHEIGHT")->capture_default_str();
  cmd.add_option("--include", o.input.include_glob, "Image folder: only file names matching this glob");
  cmd.add_option("--exclude", o.input.exclude_glob, "Image folder: skip file names matching this glob (e.g. '*m.png')");
  cmd.add_flag("--independent-frames", o.independent_frames,
               "Frames do not follow each other (still images, --canvas): search each one from scratch");
  CLI::Option* segments =
      cmd.add_option("--segments", o.segments,
                     "A video file or recorded session: track this many stretches of it at once, each by its own "
                     "detector from its own start (faster offline replay; results near the seams may differ from one "
                     "pass's)")
          ->check(CLI::Range(1, 256));
  cmd.add_option("--segment-lead-in", o.segment_lead_in_s,
                 "With --segments: seconds of the input each stretch tracks before its start, unreported, so that "
                 "its tracker starts seeded as one pass's would be")
      ->check(CLI::Range(0.0, 3600.0))
      ->capture_default_str()
      ->needs(segments);
  cmd.add_flag("--quiet,-q", o.quiet, "No live progress line");
}

void add_algorithm_option(CLI::App& cmd, std::string& algorithm) {
  std::vector<std::string> names;
  for (const Algorithm a : kAlgorithms) names.emplace_back(to_string(a));
  cmd.add_option("--algorithm", algorithm,
                 "Pupil detector: starburst (rays from a seed), tl (thresholding and labeling) or hough (Canny edges "
                 "and circle Hough transform)")
      ->check(CLI::IsMember(names))
      ->capture_default_str();
}

void add_reflections_option(CLI::App& cmd, std::string& reflections) {
  cmd.add_option("--reflections", reflections,
                 "Corneal reflections: fill (interpolated from around them), skip (only masked: the search skips "
                 "them, the paper's way, faster on the GPU) or off (not looked for)")
      ->check(CLI::IsMember({"fill", "skip", "off"}))
      ->capture_default_str();
}

std::string reflections_choice(const ReflectionParams& reflections) {
  if (!reflections.enabled) return "off";
  return reflections.fill ? "fill" : "skip";
}

void apply_reflections_choice(const std::string& name, ReflectionParams& reflections) {
  if (name != "fill" && name != "skip" && name != "off") {
    throw std::invalid_argument("unknown --reflections '" + name + "' (choose fill, skip or off)");
  }
  reflections.enabled = name != "off";
  reflections.fill = name == "fill";
}

void add_backend_option(CLI::App& cmd, std::string& backend) {
  cmd.add_option("--backend", backend, "Where to track: auto (CUDA when a device is usable, else the CPU), cpu or cuda")
      ->check(CLI::IsMember({"auto", "cpu", "cuda"}))
      ->capture_default_str();
}

Algorithm parse_algorithm(const std::string& name) {
  for (const Algorithm a : kAlgorithms) {
    if (name == to_string(a)) return a;
  }
  throw std::invalid_argument("unknown --algorithm '" + name + "' (choose starburst, tl or hough)");
}

InputOptions resolve_input(const TrackerOptions& o) {
  InputOptions input = o.input;
  if (input.frames && input.input != "synthetic") throw std::invalid_argument("--frames applies to --input synthetic only");
  if (!is_synthetic(o)) return input;
  const auto [w, h] = parse_frame_size(o.size, "--size");
  input.synthetic.width = w;
  input.synthetic.height = h;
  input.synthetic.eyes = o.eyes == 0 ? 2 : o.eyes;
  return input;
}

std::vector<EyeRegion> resolve_regions(const TrackerOptions& o, const FrameSource& source) {
  const int eyes = o.eyes == 0 ? (is_synthetic(o) ? 2 : 1) : o.eyes;
  const std::optional<RectI> left = o.roi_left.empty() ? std::nullopt : std::optional(parse_rect(o.roi_left));
  const std::optional<RectI> right = o.roi_right.empty() ? std::nullopt : std::optional(parse_rect(o.roi_right));
  return eye_regions(source.width(), source.height(), eyes, left, right);
}

DetectorParams resolve_detector_params(const TrackerOptions& o) {
  DetectorParams params;
  params.algorithm = parse_algorithm(o.algorithm);
  params.fit = o.fit == "circle" ? FitModel::Circle : FitModel::Ellipse;
  apply_reflections_choice(o.reflections, params.reflections);
  params.window.enabled = o.mode == "window";
  return params;
}

}  // namespace pt::cli
