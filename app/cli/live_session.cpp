#include "cli/live_session.hpp"

#include <atomic>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <string>

#include "cli/live_run.hpp"

#if defined(PT_HAVE_ARAVIS)
#include "pt/camera/aravis_source.hpp"
#endif

namespace pt::cli {
namespace {

#if defined(PT_HAVE_ARAVIS)
std::atomic<bool> g_stop_waiting{false};

extern "C" void stop_waiting(int /*signal*/) { g_stop_waiting.store(true); }

// True once the camera streams again; false when the user gave up.
bool wait_for_camera(camera::AravisSource& camera) {
  std::fprintf(stderr, "waiting for the camera to come back (Ctrl-C to stop)\n");
  g_stop_waiting.store(false);
  std::signal(SIGINT, stop_waiting);
  std::signal(SIGTERM, stop_waiting);
  bool back = false;
  while (!back && !g_stop_waiting.load()) back = camera.reconnect();
  std::signal(SIGINT, SIG_DFL);
  std::signal(SIGTERM, SIG_DFL);
  return back;
}

void add_stretch(RunSummary& total, const RunSummary& more) {
  total.frames += more.frames;
  for (std::size_t i = 0; i < total.detected_per_eye.size() && i < more.detected_per_eye.size(); ++i) {
    total.detected_per_eye[i] += more.detected_per_eye[i];
  }
  total.elapsed_s += more.elapsed_s;
  total.end = more.end;
  total.error = more.error;
}

std::string counters_text(const camera::AcquisitionCounters& c) {
  const auto n = [](std::uint64_t v) { return std::to_string(v); };
  return "camera frames: " + n(c.delivered) + " delivered, " + n(c.dropped()) + " dropped (" + n(c.incomplete) +
         " incomplete, " + n(c.skipped_ids) + " never arrived, " + n(c.underruns) +
         " without a free buffer); packets: " + n(c.missing_packets) + " lost, " + n(c.resent_packets) +
         " resent; camera lost " + n(c.losses) + " times, back " + n(c.reconnects) + " times";
}
#endif

}  // namespace

RunSummary run_live_session(FrameSource& source, std::span<const EyeRegion> regions, const TrackerOptions& options,
                            std::span<ResultSink* const> sinks, double stats_every_s) {
  RunReporting reporting;
  reporting.stats_every_s = stats_every_s;
#if defined(PT_HAVE_ARAVIS)
  auto* camera = dynamic_cast<camera::AravisSource*>(&source);
  if (camera != nullptr) {
    reporting.source_counters = [camera] {
      return counters_text(camera->counters()) + "; " + std::to_string(camera->buffers()) + " buffers";
    };
  }
#endif
  RunSummary total = run_live(source, regions, options, sinks, reporting);
#if defined(PT_HAVE_ARAVIS)
  if (camera != nullptr) {
    while (total.end == ReadStatus::Error && camera->state() == camera::CameraState::Lost && wait_for_camera(*camera)) {
      add_stretch(total, run_live(source, regions, options, sinks, reporting));
    }
    std::fprintf(stderr, "%s\n", counters_text(camera->counters()).c_str());
  }
#endif
  return total;
}

}  // namespace pt::cli
