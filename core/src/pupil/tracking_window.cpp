#include "pt/pupil/tracking_window.hpp"

#include <algorithm>
#include <cmath>

namespace pt {

RectI tracking_window(const RectI& region, const std::optional<Ellipse>& last, const TrackingWindowParams& params) {
  if (!params.enabled || !last) return region;
  const float wanted = std::max(static_cast<float>(params.min_size), params.size_factor * 2.0F * last->a);
  const int step = std::max(1, params.side_step);
  const int side = static_cast<int>(std::ceil(wanted / static_cast<float>(step))) * step;
  const int x = static_cast<int>(std::floor(last->cx - static_cast<float>(side) / 2.0F));
  const int y = static_cast<int>(std::floor(last->cy - static_cast<float>(side) / 2.0F));
  const RectI window = RectI{x, y, side, side}.intersect(region);
  return window.empty() ? region : window;
}

}  // namespace pt
