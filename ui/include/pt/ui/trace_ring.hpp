#pragma once
// Every tracked frame's per-eye figures, buffered between the tracking thread and the plots. The
// plots drain it on their redraw timer (a short lock and a swap), so their rate is independent of
// the camera's. Bounded: if the GUI stalls, the oldest samples go.
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <span>
#include <vector>

#include "pt/pupil/pupil_detector.hpp"

namespace pt::ui {

struct TraceSample {
  double t_s = 0.0;  // the frame's source time
  int eye = 0;       // region index
  bool detected = false;
  float diameter_px = 0.0F;
  float center_x = 0.0F;  // in the eye's region, so that both eyes share the plots' scale
  float center_y = 0.0F;
};

class TraceRing {
 public:
  explicit TraceRing(std::size_t capacity = 1U << 16U) : capacity_(capacity) {}
  void push(const TrackedFrame& frame, std::span<const EyeRegion> regions);  // tracking thread
  // GUI thread: everything pushed since the last drain, oldest first.
  [[nodiscard]] std::vector<TraceSample> drain();

 private:
  std::mutex mutex_;
  std::vector<TraceSample> samples_;
  std::size_t capacity_;
};

}  // namespace pt::ui
