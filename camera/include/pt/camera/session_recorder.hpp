#pragma once
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "pt/camera/camera_settings.hpp"
#include "pt/camera/recording_files.hpp"
#include "pt/io/result_sink.hpp"
#include "pt/pupil/detector_params.hpp"

namespace pt::camera {

// What the sidecar says about the session, so that a replay can be set up as the live run was.
struct RecordingContext {
  std::string source;                           // the source's description
  std::optional<AppliedCameraSettings> camera;  // when the source is a camera
  std::vector<EyeRegion> regions;
  DetectorParams detector;
  double fps = 0.0;  // the source's nominal rate, the video's frame rate; 0 when unknown
};

struct RecorderOptions {
  std::size_t queue_frames = 64;  // frames that may wait for the encoder
  // A camera must never wait for the disk; a file or the synthetic camera has no clock to fall
  // behind, and is better recorded whole.
  bool wait_for_writer = false;
};

// Records the raw frames of a session losslessly: FFV1 in Matroska, with the frame table and
// sidecar of RecordingFiles. Each frame is copied into one of `queue_frames` preallocated
// buffers and written by a thread of the recorder's own. When none is free the frame is left out
// of the recording and counted, so that acquisition never waits for the disk, unless the
// options ask to wait.
class SessionRecorder final : public pt::ResultSink {
 public:
  // Throws InputError when the video cannot be created (no FFV1 encoder, unwritable folder).
  SessionRecorder(const std::filesystem::path& video, int width, int height, RecordingContext context,
                  RecorderOptions options = {});
  ~SessionRecorder() override;
  SessionRecorder(const SessionRecorder&) = delete;
  SessionRecorder& operator=(const SessionRecorder&) = delete;

  void on_frame(const pt::TrackedFrame& tracked) override { record(tracked.frame); }
  void record(const pt::Frame& frame);
  // Writes what is queued, closes the video and frame table and writes the sidecar; once.
  void finish();

  [[nodiscard]] const RecordingFiles& files() const noexcept;
  [[nodiscard]] std::uint64_t recorded() const;  // frames in the video so far
  [[nodiscard]] std::uint64_t dropped() const;   // frames left out because the writer was behind

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace pt::camera
