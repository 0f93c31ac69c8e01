#pragma once
// The hand-off of frames from the tracking thread to the view: only the newest frame is kept, and
// its pixels are copied only once the view has taken the previous one, so a 500 frames/s camera
// costs the tracking thread about one copy per repaint rather than one per frame.
#include <atomic>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <span>
#include <vector>

#include "pt/image.hpp"
#include "pt/pupil/pupil_detector.hpp"

namespace pt::ui {

// One eye's border search: the points its rays found, in frame pixels, and which of them the
// fit kept.
struct EyeSearchPoints {
  std::vector<Point2f> edges;
  std::vector<std::uint8_t> inlier;  // one flag per edge point
};

struct FrameSnapshot {
  ImageU8 pixels;
  std::uint64_t index = 0;
  double timestamp_s = 0.0;
  std::vector<EyeRegion> regions;
  std::vector<PupilMeasurement> eyes;  // one per region
  ImageU8 reflection_mask;             // 255 on corneal reflections; empty unless asked for
  std::vector<EyeSearchPoints> searches;  // one per region; empty unless asked for
};

class LatestFrameSlot {
 public:
  // Tracking thread. `complete`, when given, adds to a snapshot that will be shown (it runs only
  // as often as the view takes frames).
  void offer(const TrackedFrame& frame, std::span<const EyeRegion> regions,
             const std::function<void(FrameSnapshot&)>& complete = {});
  // GUI thread: the newest frame offered since the last take, if any. Never waits for tracking
  // longer than the copy of one frame.
  [[nodiscard]] std::optional<FrameSnapshot> take();
  // Tracking thread: the next frame offered is kept even if the view has not taken the last one
  // yet, e.g. the frame a replay stops on.
  void want_next() noexcept { wanted_.store(true, std::memory_order_release); }

 private:
  std::mutex mutex_;
  std::optional<FrameSnapshot> pending_;
  std::atomic<bool> wanted_{true};
};

}  // namespace pt::ui
