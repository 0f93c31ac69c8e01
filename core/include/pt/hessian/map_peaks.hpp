#pragma once
// From a response map to decisions: a thresholded mask, and the local maxima that mark one
// blob each (a glint detector reads them off the blob map).
#include <vector>

#include "pt/geometry.hpp"
#include "pt/image.hpp"

namespace pt::hessian {

// 255 where map >= level, else 0; dst has map's size.
void threshold_mask(ImageView<const float> map, float level, ViewU8 dst);

// Pixels at or above level that are the largest within the square of the given radius around
// them; among equal values in one square only the first in raster order counts, so a small
// plateau yields one peak. Positions in raster order.
[[nodiscard]] std::vector<Point2f> find_peaks(ImageView<const float> map, float level, int radius);

}  // namespace pt::hessian
