#pragma once
// A tracking run as the command line shows it: what runs, the live line on stderr, Ctrl-C to
// stop early, and the summary at the end. Shared by `track` and `eval`.
#include <functional>
#include <optional>
#include <span>
#include <string>

#include "cli/tracker_options.hpp"
#include "pt/frame_source.hpp"
#include "pt/io/result_sink.hpp"
#include "pt/tracking_run.hpp"

namespace pt::cli {

// Creates the detector the options ask for, runs the source through it into the sinks until the
// source ends, fails or Ctrl-C, and prints the input and backend before and "tracked N frames
// ..." after.
// What a long run reports beside the progress line.
struct RunReporting {
  double stats_every_s = 0.0;                     // a StatsLine this often; none when 0
  std::function<std::string()> source_counters;  // the source's own counts for it, if any
};

RunSummary run_live(FrameSource& source, std::span<const EyeRegion> regions, const TrackerOptions& options,
                    std::span<ResultSink* const> sinks, const RunReporting& reporting = {});

// Throws std::invalid_argument when --segments asks for stretches of a source that cannot give
// them (one that cannot seek or does not know its length), or for a lead-in in seconds of a
// source without a frame rate: called before any output is written, and by run_live.
void check_segments(const TrackerOptions& options, const FrameSource& source);

// The one-line reason a finished run counts as failed: the source broke, or gave no frames.
std::optional<std::string> run_failure(const RunSummary& summary);

}  // namespace pt::cli
