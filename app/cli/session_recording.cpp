#include "cli/session_recording.hpp"

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

void SessionRecording::finish() { state_->recorder.finish(); }

std::string SessionRecording::summary() const {
  const camera::SessionRecorder& r = state_->recorder;
  return "recording: " + state_->path + " (" + std::to_string(r.recorded()) + " frames; " + std::to_string(r.dropped()) +
         " left out because the disk was behind); " + r.files().frames.string() + ", " + r.files().sidecar.string();
}

std::uint64_t SessionRecording::recorded() const { return state_->recorder.recorded(); }
std::uint64_t SessionRecording::dropped() const { return state_->recorder.dropped(); }

void SessionRecording::check_available(const std::string& /*path*/) {}

std::vector<std::filesystem::path> SessionRecording::files_for(const std::string& path) {
  const camera::RecordingFiles f = camera::recording_files(path);
  return {f.video, f.frames, f.sidecar};
}

std::vector<std::filesystem::path> SessionRecording::files() const {
  const camera::RecordingFiles& f = state_->recorder.files();
  return {f.video, f.frames, f.sidecar};
}
#else
struct SessionRecording::State {};

void SessionRecording::check_available(const std::string& path) {
  throw std::runtime_error("cannot record to '" + path + "': this build has no video output (configure with OpenCV)");
}

SessionRecording::SessionRecording(const std::string& path, const FrameSource& /*source*/,
                                   std::span<const EyeRegion> /*regions*/, const DetectorParams& /*params*/) {
  check_available(path);
}

ResultSink& SessionRecording::sink() { throw std::logic_error("no recorder in this build"); }
void SessionRecording::finish() {}
std::string SessionRecording::summary() const { return {}; }
std::uint64_t SessionRecording::recorded() const { return 0; }
std::uint64_t SessionRecording::dropped() const { return 0; }
std::vector<std::filesystem::path> SessionRecording::files() const { return {}; }
std::vector<std::filesystem::path> SessionRecording::files_for(const std::string& path) { return {path}; }
#endif

SessionRecording::~SessionRecording() = default;

}  // namespace pt::cli
