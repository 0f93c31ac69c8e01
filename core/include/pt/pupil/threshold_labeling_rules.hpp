#pragma once
// The rules of thresholding and labeling (ThresholdLabelingSearch) that the GPU's version
// (gpu/src/threshold_labeling) must apply exactly as the CPU does: which grey levels are tried,
// which blobs may be a pupil, how a level scores and where a border pixel's sub-pixel point lies.
#include <algorithm>
#include <cstdint>
#include <numbers>

#include "pt/geometry.hpp"
#include "pt/host_device.hpp"
#include "pt/image.hpp"
#include "pt/pupil/detector_params.hpp"
#include "pt/reproducible_math.hpp"

namespace pt::threshold_labeling_rules {

// The levels tried lie `above` grey levels over the image's darkest: min_threshold,
// min_threshold + step, ... up to max_threshold.
[[nodiscard]] PT_HOST_DEVICE inline int level_count(const ThresholdLabelingParams& p) noexcept {
  return p.max_threshold < p.min_threshold ? 0 : (p.max_threshold - p.min_threshold) / std::max(1, p.step) + 1;
}
[[nodiscard]] PT_HOST_DEVICE inline int level_above(const ThresholdLabelingParams& p, int i) noexcept {
  return p.min_threshold + i * std::max(1, p.step);
}

// A blob's area bound from a radius bound: a disc's.
[[nodiscard]] PT_HOST_DEVICE inline float disc_area(float radius) noexcept {
  return std::numbers::pi_v<float> * radius * radius;
}

// How well one ellipse explains a level's blob: the share of the border on the fit times the
// share of the fit's perimeter with border on it (border_support).
[[nodiscard]] PT_HOST_DEVICE inline float level_score(int inliers, int border_points, float support) noexcept {
  return static_cast<float>(inliers) / static_cast<float>(border_points) * support;
}

// Whether pixel (x, y) of blob `label` lies on the blob's border: a neighbour of it belongs to
// another blob or none. The image's own edge is no pupil border: only neighbours inside count.
[[nodiscard]] PT_HOST_DEVICE inline bool on_blob_border(ImageView<const std::int32_t> labels, int x, int y,
                                                       std::int32_t label) noexcept {
  for (int ny = std::max(y - 1, 0); ny <= std::min(y + 1, labels.height - 1); ++ny) {
    for (int nx = std::max(x - 1, 0); nx <= std::min(x + 1, labels.width - 1); ++nx) {
      if (labels.at(nx, ny) != label) return true;
    }
  }
  return false;
}

// Where the image crosses `level` near the dark pixel (x, y), following the gradient toward the
// bright side: the binarised border is whole pixels, the crossing is sub-pixel.
[[nodiscard]] PT_HOST_DEVICE inline Point2f level_crossing(CViewU8 image, int x, int y, float level) noexcept {
  const auto at = [&](int px, int py) {
    return static_cast<float>(image.at(std::clamp(px, 0, image.width - 1), std::clamp(py, 0, image.height - 1)));
  };
  const float gx = 0.5F * (at(x + 1, y) - at(x - 1, y));
  const float gy = 0.5F * (at(x, y + 1) - at(x, y - 1));
  const float g = repro::hypot(gx, gy);
  const Point2f p{static_cast<float>(x), static_cast<float>(y)};
  if (g < 0.5F) return p;
  const float t = std::clamp((level - at(x, y)) / g, 0.0F, 1.5F);
  return {p.x + t * gx / g, p.y + t * gy / g};
}

}  // namespace pt::threshold_labeling_rules
