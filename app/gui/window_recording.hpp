#pragma once
// The window's recordings: the command line's session recording (raw video, frame table,
// sidecar), and the pupil trace beside them as <stem>.trace.csv.
#include <filesystem>
#include <memory>
#include <span>

#include "pt/frame_source.hpp"
#include "pt/pupil/pupil_detector.hpp"
#include "pt/ui/session_recording_sink.hpp"

namespace pt::gui {

// Throws with a one-line message when the files cannot be created.
std::unique_ptr<ui::SessionRecordingSink> start_window_recording(const std::filesystem::path& video,
                                                                 const FrameSource& source,
                                                                 std::span<const EyeRegion> regions,
                                                                 const DetectorParams& params);

}  // namespace pt::gui
