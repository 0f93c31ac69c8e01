#pragma once
#include <filesystem>

namespace pt::camera {

// A recording is three files side by side: the lossless video, the frame table
// (<stem>.frames.csv: each recorded frame's index, times and source label, in video order) and
// the JSON sidecar (<stem>.json: geometry, camera settings, detector parameters, counts).
struct RecordingFiles {
  std::filesystem::path video;
  std::filesystem::path frames;
  std::filesystem::path sidecar;
};

[[nodiscard]] RecordingFiles recording_files(const std::filesystem::path& video);

}  // namespace pt::camera
