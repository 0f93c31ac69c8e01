#include "cli/eval_command.hpp"

#include <cstdio>
#include <fstream>
#include <memory>
#include <optional>
#include <stdexcept>
#include <vector>

#include "cli/backend_report.hpp"
#include "cli/eval_report.hpp"
#include "cli/frame_size.hpp"
#include "cli/live_run.hpp"
#include "cli/number_checks.hpp"
#include "cli/output_checks.hpp"
#include "pt/eval/evaluation_sink.hpp"
#include "pt/io/csv_trace_writer.hpp"
#include "pt/sources/canvas_placement_source.hpp"

namespace pt::cli {
namespace {

std::unique_ptr<FrameSource> place_on_canvas(std::unique_ptr<FrameSource> frames, const CanvasSetting& canvas,
                                             EvaluationSink& scorer) {
  return std::make_unique<CanvasPlacementSource>(
      std::move(frames), canvas.width, canvas.height, canvas.seed,
      [&scorer](const FrameInfo& info, PlacementOffset at) { scorer.shift_truth(info.source, at.dx, at.dy); });
}

std::string no_match_message(const EvaluationReport& r, const std::string& truth_path) {
  if (r.truth_rows == 0) return "ground truth '" + truth_path + "' has no rows";
  return "no frame of the input has a row in ground truth '" + truth_path + "' (the input's frame '" +
         r.first_source_without_truth + "' is not in its `" + r.truth_key_column + "` column)";
}

void warn_about_unmatched(const EvaluationReport& r) {
  if (r.trace_rows_without_truth > 0) {
    std::fprintf(stderr, "warning: %llu of %llu trace rows have no ground-truth row (the first: '%s')\n",
                 static_cast<unsigned long long>(r.trace_rows_without_truth),
                 static_cast<unsigned long long>(r.trace_rows), r.first_source_without_truth.c_str());
  }
  if (r.truth_rows_not_reached > 0) {
    std::fprintf(stderr, "warning: %llu of %llu ground-truth rows were not reached by the input\n",
                 static_cast<unsigned long long>(r.truth_rows_not_reached),
                 static_cast<unsigned long long>(r.truth_rows));
  }
}

void write_text(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  if (!(out << text) || !out.flush()) throw std::runtime_error("cannot write '" + path + "'");
}

}  // namespace

void add_eval_command(CLI::App& app, EvalOptions& o, int& exit_code) {
  CLI::App* cmd = app.add_subcommand("eval", "Track an input and score the pupils against ground truth");
  add_tracker_options(*cmd, o.tracker);
  cmd->add_option("--ground-truth", o.ground_truth,
                  "Ground truth CSV: the ITMO set's ground_truth.csv, what track --ground-truth-out wrote, or a binocular video's truth by frame (video_frame, L_cx ... R_h, as eye-ir's subj*_LR_gt.csv)")
      ->required();
  cmd->add_option("--json", o.json, "Also write the figures as JSON");
  cmd->add_option("--csv", o.csv, "Write the pupil trace here (canvas coordinates with --canvas)");
  CLI::Option* canvas = cmd->add_option(
      "--canvas", o.canvas, "Place each frame at a random offset on a WIDTHxHEIGHT canvas (edges replicated)");
  cmd->add_option("--canvas-seed", o.canvas_seed, "Seed of the canvas offsets")
      ->check(non_negative_number())
      ->capture_default_str()
      ->needs(canvas);
  cmd->callback([&o, &exit_code] { exit_code = run_eval(o); });
}

int run_eval(const EvalOptions& o) {
  try {
    std::vector<NamedPath> inputs = recording_files("--input", o.tracker.input.input);
    inputs.push_back({"--ground-truth", o.ground_truth});
    check_outputs(inputs, std::vector<NamedPath>{{"--csv", o.csv}, {"--json", o.json}});
    if (o.tracker.input.input == "synthetic" && !o.tracker.input.frames) {
      throw std::invalid_argument("--input synthetic needs --frames: the length the ground truth was written for");
    }
    std::optional<CanvasSetting> canvas;
    if (!o.canvas.empty() && o.tracker.segments > 1) {
      throw std::invalid_argument("--segments opens the input again for each stretch, without the --canvas placement: give one or the other");
    }
    if (!o.canvas.empty()) {
      const auto [w, h] = parse_frame_size(o.canvas, "--canvas");
      canvas = CanvasSetting{w, h, o.canvas_seed};
    }
    EvaluationSink scorer(read_ground_truth(o.ground_truth));
    std::unique_ptr<FrameSource> source = open_input(resolve_input(o.tracker));
    check_segments(o.tracker, *source);
    if (canvas) source = place_on_canvas(std::move(source), *canvas, scorer);
    const std::vector<EyeRegion> regions = resolve_regions(o.tracker, *source);

    std::vector<ResultSink*> sinks{&scorer};
    std::unique_ptr<CsvTraceWriter> csv;
    if (!o.csv.empty()) {
      const std::string backend(to_string(decide_backend(o.tracker.backend).backend));
      csv = std::make_unique<CsvTraceWriter>(o.csv, TraceLabels{o.tracker.algorithm, backend, std::nullopt});
      sinks.push_back(csv.get());
    }
    const RunSummary summary = run_live(*source, regions, o.tracker, sinks);
    const std::optional<std::string> failure = run_failure(summary);
    const EvaluationReport report = scorer.report();
    if (report.matched_rows() == 0) throw std::runtime_error(failure ? *failure : no_match_message(report, o.ground_truth));

    warn_about_unmatched(report);
    std::printf("ground truth: %s (%llu rows; %llu met by the trace)\n%s", o.ground_truth.c_str(),
                static_cast<unsigned long long>(report.truth_rows),
                static_cast<unsigned long long>(report.truth_rows - report.truth_rows_not_reached),
                format_score_table(report).c_str());
    std::fflush(stdout);
    if (!o.json.empty()) write_text(o.json, format_score_json(report, {source->describe(), o.ground_truth, canvas}));
    if (failure) throw std::runtime_error(*failure);
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 1;
  }
}

}  // namespace pt::cli
