#include "pt/ui/latest_frame_slot.hpp"

#include <algorithm>

namespace pt::ui {

void LatestFrameSlot::offer(const TrackedFrame& frame, std::span<const EyeRegion> regions,
                            const std::function<void(FrameSnapshot&)>& complete) {
  if (!wanted_.exchange(false, std::memory_order_acq_rel)) return;
  const CViewU8 src = frame.frame.pixels();
  FrameSnapshot snap;
  snap.pixels = ImageU8(src.width, src.height);
  for (int y = 0; y < src.height; ++y) std::copy_n(src.row(y), src.width, snap.pixels.data() + y * src.width);
  snap.index = frame.frame.info().index;
  snap.timestamp_s = frame.frame.info().timestamp_s;
  snap.regions.assign(regions.begin(), regions.end());
  snap.eyes = frame.eyes;
  if (complete) complete(snap);
  const std::lock_guard lock(mutex_);
  pending_ = std::move(snap);
}

std::optional<FrameSnapshot> LatestFrameSlot::take() {
  std::optional<FrameSnapshot> out;
  {
    const std::lock_guard lock(mutex_);
    out.swap(pending_);
  }
  if (out) wanted_.store(true, std::memory_order_release);
  return out;
}

}  // namespace pt::ui
