#pragma once
// Drives a source through a detector into sinks until the source ends, fails or is stopped.
// Used by the command line and, on its worker thread, by the desktop application.
#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "pt/frame_source.hpp"
#include "pt/io/result_sink.hpp"
#include "pt/pupil/pupil_detector.hpp"

namespace pt {

struct RunProgress {
  std::uint64_t frames = 0;
  std::optional<std::int64_t> total;  // when the source knows its length
  double elapsed_s = 0.0;
};

struct RunOptions {
  std::size_t pool_frames = 4;
  std::function<void(const RunProgress&)> on_progress;  // called at most ~10 times a second
  const std::atomic<bool>* stop = nullptr;              // set to end the run early
  // Frames that do not follow each other (still images, frames placed at random offsets): the
  // detector forgets the previous pupil before each frame instead of searching from it.
  bool independent_frames = false;
};

struct RunSummary {
  std::uint64_t frames = 0;
  std::vector<std::uint64_t> detected_per_eye;  // frames with a pupil, per region
  double elapsed_s = 0.0;
  ReadStatus end = ReadStatus::Invalid;         // EndOfStream, or Error (see error), or Ok if stopped
  std::string error;
  [[nodiscard]] double fps() const noexcept { return elapsed_s > 0.0 ? static_cast<double>(frames) / elapsed_s : 0.0; }
};

RunSummary run_tracking(FrameSource& source, PupilDetector& detector, std::span<const EyeRegion> regions,
                        const DetectorParams& params, std::span<ResultSink* const> sinks, const RunOptions& options);

}  // namespace pt
