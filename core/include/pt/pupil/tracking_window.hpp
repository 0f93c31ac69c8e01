#pragma once
// Tracking-window mode: once a pupil is found, the next frame searches only a square around it,
// sized from the pupil, so per-frame work no longer grows with the camera's resolution.
#include <optional>

#include "pt/geometry.hpp"
#include "pt/pupil/detector_params.hpp"

namespace pt {

// The part of `region` to search: the window around `last` (the previous frame's pupil, frame
// coordinates) when window mode is on and a pupil was found, else the whole region.
[[nodiscard]] RectI tracking_window(const RectI& region, const std::optional<Ellipse>& last,
                                    const TrackingWindowParams& params);

}  // namespace pt
