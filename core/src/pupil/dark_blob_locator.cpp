#include "pt/pupil/dark_blob_locator.hpp"

#include <algorithm>
#include <cmath>

namespace pt {

Point2f DarkBlobLocator::locate(CViewU8 image, float min_radius_px, float max_radius_px) {
  const Point2f centre{static_cast<float>(image.width - 1) / 2.0F, static_cast<float>(image.height - 1) / 2.0F};
  // A box inscribed in the smallest pupil; the image is shrunk so that box spans ~4 cells.
  const float box_px = std::max(3.0F, kInscribedBox * min_radius_px);
  const int f = std::max(1, static_cast<int>(box_px / 4.0F));
  const int smallest = std::max(1, static_cast<int>(std::lround(box_px / static_cast<float>(f))));
  if (image.width / f < smallest || image.height / f < smallest) return centre;
  shrink(image, f);
  excluded_cells_.assign(static_cast<std::size_t>(small_.width()) * static_cast<std::size_t>(small_.height()), 0U);
  excluded_.assign(integral_.size(), 0U);
  found_.clear();
  std::optional<Point2f> darkest;
  const auto largest = static_cast<int>(kInscribedBox * max_radius_px / static_cast<float>(f));
  for (int box = smallest; box <= std::min({largest, small_.width(), small_.height()}); box *= 2) {
    for (int attempt = 0; attempt < kAttemptsPerScale; ++attempt) {
      const auto b = darkest_box(box);
      if (!b) break;
      const Point2f seed = dark_centroid(*b, box, f);
      if (!darkest) darkest = seed;
      const DarkRegionCandidates grown = region_.grow(image, seed, min_radius_px, max_radius_px);
      if (grown.any()) consider(seed, grown.main());
      exclude(*b, box, f);
      if (grown.any()) break;  // else not enclosed: try the next darkest box of this size
    }
  }
  const auto best = std::max_element(found_.begin(), found_.end(), [](const Found& a, const Found& b) {
    return darkness(a.region) < darkness(b.region);
  });
  return best != found_.end() ? best->seed : darkest.value_or(centre);
}

void DarkBlobLocator::consider(Point2f seed, const DarkRegion& region) {
  auto depth = [](const DarkRegion& r) { return r.spill_level - r.pupil_level; };
  auto inside = [&](const Found& f) {
    return region_.reached(static_cast<int>(std::lround(f.seed.x)), static_cast<int>(std::lround(f.seed.y)));
  };
  for (const Found& f : found_) {
    if (inside(f) && depth(f.region) >= kNestedDepthShare * depth(region)) return;  // the iris around a pupil
  }
  // What is left inside are darker patches of this pupil's floor.
  std::erase_if(found_, inside);
  found_.push_back({seed, region});
}

float DarkBlobLocator::darkness(const DarkRegion& r) { return r.radius * r.radius * (r.spill_level - r.pupil_level); }

void DarkBlobLocator::shrink(CViewU8 image, int factor) {
  const int sw = image.width / factor;
  const int sh = image.height / factor;
  small_.resize(sw, sh);
  const int area = factor * factor;
  for (int y = 0; y < sh; ++y) {
    for (int x = 0; x < sw; ++x) {
      int acc = 0;
      for (int dy = 0; dy < factor; ++dy) {
        const std::uint8_t* r = image.row(y * factor + dy) + x * factor;
        for (int dx = 0; dx < factor; ++dx) acc += r[dx];
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
}

std::uint32_t DarkBlobLocator::box_sum(const std::vector<std::uint32_t>& table, int x, int y, int box) const {
  const auto iw = static_cast<std::size_t>(small_.width() + 1);
  const auto x0 = static_cast<std::size_t>(x);
  const auto y0 = static_cast<std::size_t>(y);
  const auto x1 = x0 + static_cast<std::size_t>(box);
  const auto y1 = y0 + static_cast<std::size_t>(box);
  return table[y1 * iw + x1] - table[y0 * iw + x1] - table[y1 * iw + x0] + table[y0 * iw + x0];
}

std::optional<DarkBlobLocator::Box> DarkBlobLocator::darkest_box(int box) const {
  const bool any_excluded = excluded_.back() != 0;
  // A quarter of a box apart is fine enough: the dark centroid then finds the middle.
  const int stride = std::max(1, box / 4);
  std::optional<Box> best;
  for (int y = 0; y + box <= small_.height(); y += stride) {
    for (int x = 0; x + box <= small_.width(); x += stride) {
      if (any_excluded && box_sum(excluded_, x, y, box) != 0) continue;
      const std::uint32_t s = box_sum(integral_, x, y, box);
      if (!best || s < best->sum) best = Box{s, x, y};
    }
  }
  return best;
}

void DarkBlobLocator::exclude(const Box& b, int box, int factor) {
  const int sw = small_.width();
  const auto iw = static_cast<std::size_t>(sw + 1);
  for (int y = 0; y < small_.height(); ++y) {
    std::uint32_t row_sum = 0;
    for (int x = 0; x < sw; ++x) {
      std::uint8_t& cell = excluded_cells_[static_cast<std::size_t>(y) * static_cast<std::size_t>(sw) +
                                           static_cast<std::size_t>(x)];
      const bool in_box = x >= b.x && x < b.x + box && y >= b.y && y < b.y + box;
      if (in_box || region_.reached(x * factor + factor / 2, y * factor + factor / 2)) cell = 1U;
      row_sum += cell;
      const std::size_t at = static_cast<std::size_t>(y + 1) * iw + static_cast<std::size_t>(x + 1);
      excluded_[at] = excluded_[at - iw] + row_sum;
    }
  }
}

Point2f DarkBlobLocator::dark_centroid(const Box& b, int box, int factor) const {
  // Many boxes fit inside a large pupil equally well; the centroid of the dark cells around the
  // box sits at the pupil's middle instead of one of its edges.
  const int sw = small_.width();
  const int sh = small_.height();
  const float box_mean = static_cast<float>(b.sum) / static_cast<float>(box * box);
  const int x0 = std::max(0, b.x - box);
  const int y0 = std::max(0, b.y - box);
  const int x1 = std::min(sw, b.x + 2 * box);
  const int y1 = std::min(sh, b.y + 2 * box);
  float window_sum = 0.0F;
  for (int y = y0; y < y1; ++y) {
    for (int x = x0; x < x1; ++x) window_sum += small_.at(x, y);
  }
  const float threshold = 0.5F * (box_mean + window_sum / static_cast<float>((x1 - x0) * (y1 - y0)));
  float sx = 0.0F;
  float sy = 0.0F;
  float n = 0.0F;  // never 0: the box's own cells average no brighter than the threshold
  for (int y = y0; y < y1; ++y) {
    for (int x = x0; x < x1; ++x) {
      if (static_cast<float>(small_.at(x, y)) > threshold) continue;
      sx += static_cast<float>(x);
      sy += static_cast<float>(y);
      n += 1.0F;
    }
  }
  const auto scale = static_cast<float>(factor);
  const float half_cell = 0.5F * scale - 0.5F;  // a cell's centre in full-resolution pixels
  return {sx / n * scale + half_cell, sy / n * scale + half_cell};
}

}  // namespace pt
