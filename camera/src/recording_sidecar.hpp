#pragma once
#include <cstdint>
#include <string>

#include "pt/camera/session_recorder.hpp"

namespace pt::camera {

struct RecordingTally {
  int width = 0;
  int height = 0;
  std::uint64_t recorded = 0;
  std::uint64_t dropped = 0;
};

// The sidecar's JSON text: files (by name, as they lie side by side), geometry, counts, source,
// camera settings as the camera reported them, eye regions and every detector parameter.
[[nodiscard]] std::string sidecar_json(const RecordingContext& context, const RecordingFiles& files,
                                       const RecordingTally& tally);

}  // namespace pt::camera
