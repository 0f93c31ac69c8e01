#include "pt/ui/trace_ring.hpp"

namespace pt::ui {

void TraceRing::push(const TrackedFrame& frame, std::span<const EyeRegion> regions) {
  const double t = frame.frame.info().timestamp_s;
  const std::lock_guard lock(mutex_);
  for (std::size_t i = 0; i < frame.eyes.size(); ++i) {
    const PupilMeasurement& m = frame.eyes[i];
    if (samples_.size() >= capacity_) {
      // Rare (the GUI stalled for seconds): dropping the older half keeps pushes cheap.
      const auto half = static_cast<std::ptrdiff_t>(samples_.size() / 2);
      samples_.erase(samples_.begin(), samples_.begin() + half);
    }
    const RectI origin = i < regions.size() ? regions[i].rect : RectI{};
    samples_.push_back({t, static_cast<int>(i), m.detected, m.ellipse.equivalent_diameter(),
                        m.ellipse.cx - static_cast<float>(origin.x), m.ellipse.cy - static_cast<float>(origin.y)});
  }
}

std::vector<TraceSample> TraceRing::drain() {
  std::vector<TraceSample> out;
  const std::lock_guard lock(mutex_);
  out.swap(samples_);
  return out;
}

}  // namespace pt::ui
