#include "pt/hessian/map_peaks.hpp"

#include <algorithm>
#include <cassert>
#include <stdexcept>

namespace pt::hessian {
namespace {

// v at (x, y) beats every neighbour in the square: strictly above those before it in raster
// order, at least equal to those after it.
bool is_peak(ImageView<const float> map, int x, int y, int radius) {
  const float v = map.at(x, y);
  const int x0 = std::max(0, x - radius);
  const int x1 = std::min(map.width - 1, x + radius);
  const int y0 = std::max(0, y - radius);
  const int y1 = std::min(map.height - 1, y + radius);
  for (int ny = y0; ny <= y1; ++ny) {
    const float* row = map.row(ny);
    for (int nx = x0; nx <= x1; ++nx) {
      const bool before = ny < y || (ny == y && nx < x);
      if (before ? row[nx] >= v : row[nx] > v) return false;
    }
  }
  return true;
}

}  // namespace

void threshold_mask(ImageView<const float> map, float level, ViewU8 dst) {
  assert(dst.width == map.width && dst.height == map.height);
  for (int y = 0; y < map.height; ++y) {
    const float* in = map.row(y);
    std::uint8_t* out = dst.row(y);
    for (int x = 0; x < map.width; ++x) out[x] = in[x] >= level ? 255 : 0;
  }
}

std::vector<Point2f> find_peaks(ImageView<const float> map, float level, int radius) {
  if (radius < 1) throw std::invalid_argument("peak radius must be at least 1");
  std::vector<Point2f> peaks;
  for (int y = 0; y < map.height; ++y) {
    const float* row = map.row(y);
    for (int x = 0; x < map.width; ++x) {
      if (row[x] >= level && is_peak(map, x, y, radius)) {
        peaks.push_back({static_cast<float>(x), static_cast<float>(y)});
      }
    }
  }
  return peaks;
}

}  // namespace pt::hessian
