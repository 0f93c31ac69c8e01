#pragma once
// track --record and the desktop application's recordings: the session's raw frames,
// losslessly, with the frame table and sidecar beside them, so that `track --input <recording>`
// replays it as it was live.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <span>
#include <string>
#include <vector>

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
  // Writes what is queued and the sidecar; throws when the sidecar cannot be written.
  void finish();
  // What the recording holds, in one line: its frames, those left out, its files.
  [[nodiscard]] std::string summary() const;
  [[nodiscard]] std::uint64_t recorded() const;  // frames in the video so far
  [[nodiscard]] std::uint64_t dropped() const;   // frames left out because the disk was behind
  [[nodiscard]] std::vector<std::filesystem::path> files() const;
  // Throws, naming `path`, in a build that cannot record (no video output); checked before any
  // output is begun, so that a refused --record leaves no other file behind.
  static void check_available(const std::string& path);
  // The files a recording at `path` is made of (the video, then its frame table and sidecar in
  // a build that records), whether or not they exist.
  [[nodiscard]] static std::vector<std::filesystem::path> files_for(const std::string& path);

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace pt::cli
