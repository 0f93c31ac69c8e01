#pragma once
#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "cli/tracker_options.hpp"

namespace pt::cli {

struct TrackOptions {
  TrackerOptions tracker;
  std::optional<double> mm_per_px;
  std::string csv;
  std::string ground_truth_out;
  std::string blinks_csv;
  std::string record;  // the session's raw frames, FFV1 in Matroska
  double stats_every_s = 0.0;  // a stats line this often (0: none)
};

// Registers `track` on the app; the callback runs the command and stores its exit code.
void add_track_command(CLI::App& app, TrackOptions& options, int& exit_code);

// Runs the command; returns the process exit code. Messages go to stderr.
int run_track(const TrackOptions& options);

}  // namespace pt::cli
