#pragma once
// What `track` and `eval` share on the command line: the options that choose the input, the
// eye regions and the detector, and how they turn into those. `bench` shares --algorithm and
// --reflections.
#include <cstdint>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/input_source.hpp"
#include "pt/pupil/detector_params.hpp"
#include "pt/pupil/pupil_detector.hpp"
#include "pt/tracking_in_stretches.hpp"

namespace pt::cli {

// The --reflections name of `reflections`: what apply_reflections_choice() makes of it.
std::string reflections_choice(const ReflectionParams& reflections);

struct TrackerOptions {
  InputOptions input;
  int eyes = 0;  // 0: the source's own (synthetic: 2; files: 1)
  std::string roi_left;
  std::string roi_right;
  std::string algorithm = "starburst";
  std::string fit = "ellipse";
  std::string reflections = reflections_choice(ReflectionParams{});  // fill | skip | off
  std::string mode = "full";  // full | window
  std::string backend = "auto";  // auto | cpu | cuda
  std::string cuda_search = "auto";  // auto | device | host: see cuda_search_on_device()
  std::string device_loop = "graph";  // graph | persistent | tail-launch: pt/gpu/device_loop.hpp
  std::string size = "1280x1024";
  bool independent_frames = false;  // search every frame from scratch
  int segments = 1;                 // a seekable file tracked as this many stretches at once
  double segment_lead_in_s = kStretchLeadInS;  // source time each stretch tracks before its start, unreported
  bool quiet = false;
};

void add_tracker_options(CLI::App& command, TrackerOptions& options);

// --algorithm starburst|tl|hough: the paper's three detectors, by the names the trace's
// `algorithm` column carries. An unknown name is a parse error that lists the three.
void add_algorithm_option(CLI::App& command, std::string& algorithm);
Algorithm parse_algorithm(const std::string& name);

// --reflections fill|skip|off: found reflections are filled from around them, or only masked
// for the search to skip, or not looked for.
void add_reflections_option(CLI::App& command, std::string& reflections);
void apply_reflections_choice(const std::string& name, ReflectionParams& reflections);

// --backend auto|cpu|cuda: auto tracks on CUDA whenever a device is usable.
void add_backend_option(CLI::App& command, std::string& backend);

// The input as open_input() takes it: the synthetic camera gets its size and eye count. Throws
// std::invalid_argument for synthetic-only options given with a file.
InputOptions resolve_input(const TrackerOptions& options);

// Throws std::invalid_argument for a malformed region or one outside the source's frames.
std::vector<EyeRegion> resolve_regions(const TrackerOptions& options, const FrameSource& source);

DetectorParams resolve_detector_params(const TrackerOptions& options);

}  // namespace pt::cli
