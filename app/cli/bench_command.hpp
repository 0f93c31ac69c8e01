#pragma once
#include <string>

#include <CLI/CLI.hpp>

#include "cli/tracker_options.hpp"

namespace pt::cli {

struct BenchOptions {
  std::string what = "all";  // render | track | preprocess | hessian | all
  std::string backend = "cpu";  // cpu | cuda (track, preprocess and hessian)
  std::string mode = "full";  // full | window; cuda track: latency | throughput | window
  std::string algorithm = "starburst";  // starburst | tl | hough
  std::string reflections = reflections_choice(ReflectionParams{});  // fill | skip | off
  std::string size = "1280x1024";
  int eyes = 2;
  int frames = 2000;
  int segments = 1;  // track (cpu full, cuda throughput): stretches of the frames tracked at once
  std::uint64_t seed = 1;
  std::string json;
};

void add_bench_command(CLI::App& app, BenchOptions& options, int& exit_code);
int run_bench(const BenchOptions& options);

}  // namespace pt::cli
