#include "cli/session_recording.hpp"

#include <cstdio>
#include <stdexcept>

#if defined(PT_HAVE_OPENCV)
#include "pt/camera/session_recorder.hpp"
#endif
#if defined(PT_HAVE_ARAVIS)
#include "pt/camera/aravis_source.hpp"
#endif

namespace pt::cli {

#if defined(PT_HAVE_OPENCV)
struct SessionRecording::State {
  State(const std::string& p, const FrameSource& source, camera::RecordingContext context)
      : recorder(p, source.width(), source.height(), context, {64, !context.camera}), path(p) {}
  camera::SessionRecorder recorder;
  std::string path;
};

namespace {

// A camera's settings go in the sidecar, and a camera is the one source that must never wait for
// the disk.
camera::RecordingContext context_of(const FrameSource& source, std::span<const EyeRegion> regions,
                                    const DetectorParams& params) {
  camera::RecordingContext context{source.describe(), std::nullopt, {regions.begin(), regions.end()}, params,
                                   source.nominal_fps()};
#if defined(PT_HAVE_ARAVIS)
  if (const auto* camera = dynamic_cast<const camera::AravisSource*>(&source)) context.camera = camera->applied();
#endif
  return context;
}

}  // namespace

SessionRecording::SessionRecording(const std::string& path, const FrameSource& source,
                                   std::span<const EyeRegion> regions, const DetectorParams& params)
    : state_(std::make_unique<State>(path, source, context_of(source, regions, params))) {}

ResultSink& SessionRecording::sink() { return state_->recorder; }

void SessionRecording::finish() {
  camera::SessionRecorder& r = state_->recorder;
  r.finish();
  std::fprintf(stderr, "recording: %s (%llu frames; %llu left out because the disk was behind); %s, %s\n",
               state_->path.c_str(), static_cast<unsigned long long>(r.recorded()),
               static_cast<unsigned long long>(r.dropped()), r.files().frames.string().c_str(),
               r.files().sidecar.string().c_str());
}
#else
struct SessionRecording::State {};

SessionRecording::SessionRecording(const std::string& path, const FrameSource& /*source*/,
                                   std::span<const EyeRegion> /*regions*/, const DetectorParams& /*params*/) {
  throw std::runtime_error("cannot record to '" + path + "': this build has no video output (configure with OpenCV)");
}

ResultSink& SessionRecording::sink() { throw std::logic_error("no recorder in this build"); }
void SessionRecording::finish() {}
#endif

SessionRecording::~SessionRecording() = default;

}  // namespace pt::cli
