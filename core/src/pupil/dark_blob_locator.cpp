#include "pt/pupil/dark_blob_locator.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace pt {

Point2f DarkBlobLocator::locate(CViewU8 image, float min_radius_px) {
  const Point2f centre{static_cast<float>(image.width - 1) / 2.0F, static_cast<float>(image.height - 1) / 2.0F};
  // A box inscribed in the smallest pupil; the image is shrunk so that box spans ~4 cells.
  const float box_px = std::max(3.0F, 1.4F * min_radius_px);
  const int f = std::max(1, static_cast<int>(box_px / 4.0F));
  const int sw = image.width / f;
  const int sh = image.height / f;
  const int box = std::max(1, static_cast<int>(std::lround(box_px / static_cast<float>(f))));
  if (sw < box || sh < box) return centre;
  small_.resize(sw, sh);
  const int area = f * f;
  for (int y = 0; y < sh; ++y) {
    for (int x = 0; x < sw; ++x) {
      int acc = 0;
      for (int dy = 0; dy < f; ++dy) {
        const std::uint8_t* r = image.row(y * f + dy) + x * f;
        for (int dx = 0; dx < f; ++dx) acc += r[dx];
      }
      small_.at(x, y) = static_cast<std::uint8_t>(acc / area);
    }
  }
  const auto iw = static_cast<std::size_t>(sw + 1);
  integral_.assign(iw * static_cast<std::size_t>(sh + 1), 0U);
  for (int y = 0; y < sh; ++y) {
    std::uint32_t row_sum = 0;
    for (int x = 0; x < sw; ++x) {
      row_sum += small_.at(x, y);
      integral_[static_cast<std::size_t>(y + 1) * iw + static_cast<std::size_t>(x + 1)] =
          integral_[static_cast<std::size_t>(y) * iw + static_cast<std::size_t>(x + 1)] + row_sum;
    }
  }
  auto box_sum = [&](int x, int y) {
    const auto x0 = static_cast<std::size_t>(x);
    const auto y0 = static_cast<std::size_t>(y);
    const auto x1 = x0 + static_cast<std::size_t>(box);
    const auto y1 = y0 + static_cast<std::size_t>(box);
    return integral_[y1 * iw + x1] - integral_[y0 * iw + x1] - integral_[y1 * iw + x0] + integral_[y0 * iw + x0];
  };
  std::uint32_t best = std::numeric_limits<std::uint32_t>::max();
  int bx = 0;
  int by = 0;
  for (int y = 0; y + box <= sh; ++y) {
    for (int x = 0; x + box <= sw; ++x) {
      const std::uint32_t s = box_sum(x, y);
      if (s < best) {
        best = s;
        bx = x;
        by = y;
      }
    }
  }
  // Many boxes fit inside a large pupil equally well; the centroid of the dark cells around the
  // best box sits at the pupil's middle instead of one of its edges.
  const float box_mean = static_cast<float>(best) / static_cast<float>(box * box);
  const int x0 = std::max(0, bx - box);
  const int y0 = std::max(0, by - box);
  const int x1 = std::min(sw, bx + 2 * box);
  const int y1 = std::min(sh, by + 2 * box);
  float window_sum = 0.0F;
  for (int y = y0; y < y1; ++y) {
    for (int x = x0; x < x1; ++x) window_sum += small_.at(x, y);
  }
  const float threshold = 0.5F * (box_mean + window_sum / static_cast<float>((x1 - x0) * (y1 - y0)));
  float sx = 0.0F;
  float sy = 0.0F;
  float n = 0.0F;  // never 0: the best box's own cells average no brighter than the threshold
  for (int y = y0; y < y1; ++y) {
    for (int x = x0; x < x1; ++x) {
      if (static_cast<float>(small_.at(x, y)) > threshold) continue;
      sx += static_cast<float>(x);
      sy += static_cast<float>(y);
      n += 1.0F;
    }
  }
  const float scale = static_cast<float>(f);
  const float half_cell = 0.5F * scale - 0.5F;  // a cell's centre in full-resolution pixels
  return {sx / n * scale + half_cell, sy / n * scale + half_cell};
}

}  // namespace pt
