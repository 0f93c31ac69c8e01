#include "cli/live_session.hpp"

#include <atomic>
#include <csignal>
#include <cstdio>

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

void print_counters(const camera::AcquisitionCounters& c) {
  std::fprintf(stderr,
               "camera frames: %llu delivered, %llu dropped (%llu incomplete, %llu never arrived, %llu without a free "
               "buffer); packets: %llu lost, %llu resent; camera lost %llu times, back %llu times\n",
               static_cast<unsigned long long>(c.delivered), static_cast<unsigned long long>(c.dropped()),
               static_cast<unsigned long long>(c.incomplete), static_cast<unsigned long long>(c.skipped_ids),
               static_cast<unsigned long long>(c.underruns), static_cast<unsigned long long>(c.missing_packets),
               static_cast<unsigned long long>(c.resent_packets), static_cast<unsigned long long>(c.losses),
               static_cast<unsigned long long>(c.reconnects));
}
#endif

}  // namespace

RunSummary run_live_session(FrameSource& source, std::span<const EyeRegion> regions, const TrackerOptions& options,
                            std::span<ResultSink* const> sinks) {
  RunSummary total = run_live(source, regions, options, sinks);
#if defined(PT_HAVE_ARAVIS)
  if (auto* camera = dynamic_cast<camera::AravisSource*>(&source)) {
    while (total.end == ReadStatus::Error && camera->state() == camera::CameraState::Lost && wait_for_camera(*camera)) {
      add_stretch(total, run_live(source, regions, options, sinks));
    }
    print_counters(camera->counters());
  }
#endif
  return total;
}

}  // namespace pt::cli
