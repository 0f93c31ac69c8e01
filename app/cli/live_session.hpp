#pragma once
// A live run that outlasts its camera: run_live, and when a camera is lost mid-run, a wait for it
// (Ctrl-C ends the wait) and tracking on into the same sinks once it is back. A camera's frame
// counters are printed at the end.
#include <span>

#include "cli/tracker_options.hpp"
#include "pt/frame_source.hpp"
#include "pt/io/result_sink.hpp"
#include "pt/tracking_run.hpp"

namespace pt::cli {

// The summary covers every stretch; it ends in Error only when the camera is still away.
// With `stats_every_s` above 0, a StatsLine that often, with a camera's frame counters.
RunSummary run_live_session(FrameSource& source, std::span<const EyeRegion> regions, const TrackerOptions& options,
                            std::span<ResultSink* const> sinks, double stats_every_s = 0.0);

}  // namespace pt::cli
