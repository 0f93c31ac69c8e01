#include "pt/camera/recording_files.hpp"

namespace pt::camera {

RecordingFiles recording_files(const std::filesystem::path& video) {
  std::filesystem::path stem = video;
  stem.replace_extension();
  return {video, stem.string() + ".frames.csv", stem.string() + ".json"};
}

}  // namespace pt::camera
