#include "cli/track_command.hpp"

#include <cstdio>
#include <memory>
#include <stdexcept>
#include <utility>
#include <vector>

#include "cli/backend_report.hpp"
#include "cli/camera_options.hpp"
#include "cli/live_run.hpp"
#include "cli/live_session.hpp"
#include "cli/number_checks.hpp"
#include "cli/output_checks.hpp"
#include "cli/session_recording.hpp"
#include "pt/io/blink_events.hpp"
#include "pt/io/csv_trace_writer.hpp"
#include "pt/io/ground_truth_writer.hpp"

namespace pt::cli {

void add_track_command(CLI::App& app, TrackOptions& o, int& exit_code) {
  CLI::App* cmd = app.add_subcommand("track", "Track pupils from a camera, a video, an image folder or the synthetic camera");
  add_tracker_options(*cmd, o.tracker);
  add_camera_options(*cmd, o.tracker.input.camera);
  cmd->add_option("--csv", o.csv, "Write the pupil trace here (one row per eye per frame)");
  cmd->add_option("--mm-per-px", o.mm_per_px, "Scale for diameter_mm")->check(positive_number());
  cmd->add_option("--ground-truth-out", o.ground_truth_out, "Synthetic: write the rendered ground truth here");
  cmd->add_option("--blinks-csv", o.blinks_csv, "Write blinks as events (eye, start, end) here");
  cmd->add_option("--record", o.record,
                  "Record the raw frames losslessly (FFV1, e.g. session.mkv) with session.frames.csv and session.json "
                  "beside; --input session.mkv replays it as live");
  cmd->add_option("--stats-every", o.stats_every_s,
                  "Every S seconds a line on stderr: frames, frames/s, resident memory and a camera's frame counters")
      ->check(positive_number());
  cmd->callback([&o, &exit_code] { exit_code = run_track(o); });
}

namespace {

std::vector<NamedPath> track_outputs(const TrackOptions& o) {
  std::vector<NamedPath> out{{"--csv", o.csv}, {"--ground-truth-out", o.ground_truth_out}, {"--blinks-csv", o.blinks_csv}};
  for (NamedPath& f : recording_files("--record", o.record)) out.push_back(std::move(f));
  return out;
}

}  // namespace

int run_track(const TrackOptions& o) {
  try {
    check_outputs(recording_files("--input", o.tracker.input.input), track_outputs(o));
    if (!o.record.empty()) SessionRecording::check_available(o.record);
    // Before any file is written: a backend that cannot run leaves none behind.
    const Backend backend = decide_backend(o.tracker.backend).backend;
    if (o.tracker.segments > 1 && !o.record.empty()) {
      throw std::invalid_argument("--record keeps the frames' pixels, which --segments does not; record in one pass");
    }
    InputOptions input = resolve_input(o.tracker);
    std::unique_ptr<GroundTruthWriter> truth_writer;
    if (!o.ground_truth_out.empty()) {
      if (input.input != "synthetic") throw std::invalid_argument("--ground-truth-out applies to --input synthetic only");
      truth_writer = std::make_unique<GroundTruthWriter>(o.ground_truth_out, input.synthetic.seed);
      input.truth_observer = [w = truth_writer.get()](const SyntheticFrameTruth& t, const FrameInfo& i) { w->write(t, i); };
    }
    const std::unique_ptr<FrameSource> source = open_input(input);
    check_segments(o.tracker, *source);
    const std::vector<EyeRegion> regions = resolve_regions(o.tracker, *source);

    std::vector<ResultSink*> sinks;
    std::unique_ptr<CsvTraceWriter> csv;
    if (!o.csv.empty()) {
      csv = std::make_unique<CsvTraceWriter>(o.csv, TraceLabels{o.tracker.algorithm, std::string(to_string(backend)),
                                                                o.mm_per_px});
      sinks.push_back(csv.get());
    }
    std::unique_ptr<BlinkCsvWriter> blinks;
    if (!o.blinks_csv.empty()) {
      blinks = std::make_unique<BlinkCsvWriter>(o.blinks_csv);
      sinks.push_back(blinks.get());
    }
    std::unique_ptr<SessionRecording> recording;
    if (!o.record.empty()) {
      recording = std::make_unique<SessionRecording>(o.record, *source, regions, resolve_detector_params(o.tracker));
      sinks.push_back(&recording->sink());
    }
    const RunSummary summary = run_live_session(*source, regions, o.tracker, sinks, o.stats_every_s);
    if (recording) {
      recording->finish();
      std::fprintf(stderr, "%s\n", recording->summary().c_str());
    }
    if (csv) std::fprintf(stderr, "trace: %s (%llu rows)\n", o.csv.c_str(), static_cast<unsigned long long>(csv->rows()));
    if (blinks) {
      std::fprintf(stderr, "blinks: %s (%llu events)\n", o.blinks_csv.c_str(), static_cast<unsigned long long>(blinks->events()));
    }
    if (const auto failure = run_failure(summary)) {
      std::fprintf(stderr, "error: %s\n", failure->c_str());
      return 1;
    }
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 1;
  }
}

}  // namespace pt::cli
