#pragma once
// track --record: the session's raw frames, losslessly, with the frame table and sidecar beside
// them, so that `track --input <recording>` replays it as it was live.
#include <memory>
#include <span>
#include <string>

#include "pt/frame_source.hpp"
#include "pt/io/result_sink.hpp"
#include "pt/pupil/detector_params.hpp"
#include "pt/pupil/pupil_detector.hpp"

namespace pt::cli {

class SessionRecording {
 public:
  // Throws when the files cannot be created, or when the build has no video output.
  SessionRecording(const std::string& path, const FrameSource& source, std::span<const EyeRegion> regions,
                   const DetectorParams& params);
  ~SessionRecording();
  SessionRecording(const SessionRecording&) = delete;
  SessionRecording& operator=(const SessionRecording&) = delete;

  [[nodiscard]] ResultSink& sink();
  // Writes what is queued and the sidecar, and says on stderr what the recording holds.
  void finish();

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace pt::cli
