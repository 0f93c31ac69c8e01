#pragma once
#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "cli/input_source.hpp"
#include "pt/pupil/detector_params.hpp"

namespace pt::cli {

struct TrackOptions {
  InputOptions input;
  int eyes = 0;                     // 0: the source's own (synthetic: its eyes; files: 1)
  std::string roi_left;
  std::string roi_right;
  std::string fit = "ellipse";
  std::string mode = "full";
  std::optional<double> mm_per_px;
  std::string csv;
  std::string ground_truth_out;
  std::string size = "1280x1024";
  bool quiet = false;
};

// Registers `track` on the app; the callback runs the command and stores its exit code.
void add_track_command(CLI::App& app, TrackOptions& options, int& exit_code);

// Runs the command; returns the process exit code. Messages go to stderr.
int run_track(const TrackOptions& options);

}  // namespace pt::cli
