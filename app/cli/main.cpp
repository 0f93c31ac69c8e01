// pupiltrack-cli: headless pupil tracking.
#include <CLI/CLI.hpp>

#include <cstdio>

#include "cli/bench_command.hpp"
#include "cli/cameras_command.hpp"
#include "cli/eval_command.hpp"
#include "cli/hessian_command.hpp"
#include "cli/track_command.hpp"

int main(int argc, char** argv) {
  CLI::App app{"pupiltrack-cli: fast binocular pupil tracking (Starburst) without a GUI"};
  app.require_subcommand(1);
  int exit_code = 0;
  pt::cli::TrackOptions track;
  pt::cli::add_track_command(app, track, exit_code);
  pt::cli::EvalOptions eval;
  pt::cli::add_eval_command(app, eval, exit_code);
  pt::cli::BenchOptions bench;
  pt::cli::add_bench_command(app, bench, exit_code);
  pt::cli::add_cameras_command(app, exit_code);
  pt::cli::HessianOptions hessian;
  pt::cli::add_hessian_command(app, hessian, exit_code);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);  // --help
    // One line, in the form every other error takes, and one status for every usage error.
    std::fprintf(stderr, "error: %s (see --help)\n", e.what());
    return 2;
  }
  return exit_code;
}
