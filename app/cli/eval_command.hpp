#pragma once
#include <cstdint>
#include <string>

#include <CLI/CLI.hpp>

#include "cli/tracker_options.hpp"

namespace pt::cli {

struct EvalOptions {
  TrackerOptions tracker;
  std::string ground_truth;
  std::string json;
  std::string csv;
  std::string canvas;  // WIDTHxHEIGHT; empty: frames as they come
  std::uint64_t canvas_seed = 1;
};

// Registers `eval` on the app; the callback runs the command and stores its exit code.
void add_eval_command(CLI::App& app, EvalOptions& options, int& exit_code);

// Tracks the input and scores it against the ground truth: the table on stdout, messages on
// stderr. 0 when the evaluation ran, whatever the scores; 1 for bad input.
int run_eval(const EvalOptions& options);

}  // namespace pt::cli
