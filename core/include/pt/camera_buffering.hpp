#pragma once
// How many frames a camera should be able to fill ahead of the tracker: a quarter of a second of
// frames plus those a detector keeps in flight, never fewer than 16. A hiccup of the tracking
// thread (the scheduler, a page fault, a slow disk under the trace, the search that re-finds a
// pupil after a blink) then costs latency, not frames. A tenth of a second was measured too
// short: at 500 fps on two cores a re-acquisition put the tracker that far behind once in ten
// minutes. Real cameras and the window's simulated one follow the same rule.
#include <algorithm>
#include <cmath>
#include <cstddef>

namespace pt {

inline constexpr double kCameraBufferedSeconds = 0.25;
inline constexpr std::size_t kCameraMinBuffers = 16;
inline constexpr std::size_t kCameraInFlightReserve = 8;

// `fps` is the camera's frame rate; 0 when unknown.
[[nodiscard]] inline std::size_t camera_buffers_for(double fps) {
  const double per_second = fps > 0.0 ? fps : 0.0;
  const auto by_time = static_cast<std::size_t>(std::ceil(per_second * kCameraBufferedSeconds)) + kCameraInFlightReserve;
  return std::max(by_time, kCameraMinBuffers);
}

}  // namespace pt
