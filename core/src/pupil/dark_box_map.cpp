#include "pt/pupil/dark_box_map.hpp"

#include <algorithm>
#include <utility>

namespace pt {
namespace {

// The summed-area table of `img` in `table` ((w + 1) x (h + 1)), recomputed from row `from` down.
void summed_area(CViewU8 img, std::vector<std::uint32_t>& table, int from) {
  const auto iw = static_cast<std::size_t>(img.width + 1);
  table.resize(iw * static_cast<std::size_t>(img.height + 1), 0U);
  for (int y = from; y < img.height; ++y) {
    std::uint32_t row_sum = 0;
    const std::uint8_t* r = img.row(y);
    const std::uint32_t* above = table.data() + static_cast<std::size_t>(y) * iw;
    std::uint32_t* out = table.data() + static_cast<std::size_t>(y + 1) * iw;
    for (int x = 0; x < img.width; ++x) {
      row_sum += r[x];
      out[x + 1] = above[x + 1] + row_sum;
    }
  }
}

std::uint32_t box_sum(const std::vector<std::uint32_t>& table, int table_width, int x, int y, int size) {
  const auto iw = static_cast<std::size_t>(table_width);
  const auto x0 = static_cast<std::size_t>(x);
  const auto y0 = static_cast<std::size_t>(y);
  const auto x1 = x0 + static_cast<std::size_t>(size);
  const auto y1 = y0 + static_cast<std::size_t>(size);
  return table[y1 * iw + x1] - table[y0 * iw + x1] - table[y1 * iw + x0] + table[y0 * iw + x0];
}

}  // namespace

void DarkBoxMap::CellMask::reset(int w, int h) {
  marks_.resize(w, h);  // reuses its memory: the map is rebuilt for every search from dark blobs
  std::fill_n(marks_.data(), static_cast<std::size_t>(w) * static_cast<std::size_t>(h), std::uint8_t{0});
  table_.assign(static_cast<std::size_t>(w + 1) * static_cast<std::size_t>(h + 1), 0U);
  stale_from_ = -1;
  any_ = false;
}

void DarkBoxMap::CellMask::clear() {
  if (any_) reset(marks_.width(), marks_.height());
}

void DarkBoxMap::CellMask::mark(int x0, int y0, int x1, int y1) {
  if (x0 >= x1 || y0 >= y1) return;
  for (int y = y0; y < y1; ++y) {
    std::fill_n(marks_.data() + static_cast<std::ptrdiff_t>(y) * marks_.width() + x0, x1 - x0, 1U);
  }
  stale_from_ = stale_from_ < 0 ? y0 : std::min(stale_from_, y0);
  any_ = true;
}

void DarkBoxMap::CellMask::update() {
  if (stale_from_ < 0) return;
  summed_area(std::as_const(marks_).view(), table_, stale_from_);
  stale_from_ = -1;
}

bool DarkBoxMap::CellMask::touches(const Box& b) const {
  return any_ && box_sum(table_, marks_.width() + 1, b.x, b.y, b.size) != 0;
}

void DarkBoxMap::build(CViewU8 cells, int factor) {
  factor_ = std::max(1, factor);
  cells_ = cells;
  summed_area(cells_, integral_, 0);
  for_good_.reset(width(), height());
  for_this_size_.reset(width(), height());
}

std::optional<DarkBoxMap::Box> DarkBoxMap::darkest(int size) {
  for_good_.update();
  for_this_size_.update();
  const int stride = std::max(1, size / 4);
  std::optional<Box> best;
  for (int y = 0; y + size <= height(); y += stride) {
    for (int x = 0; x + size <= width(); x += stride) {
      const Box b{box_sum(integral_, width() + 1, x, y, size), x, y, size};
      if (best && b.sum >= best->sum) continue;
      if (for_good_.touches(b) || for_this_size_.touches(b)) continue;
      best = b;
    }
  }
  return best;
}

Point2f DarkBoxMap::dark_centroid(const Box& b) const {
  const float box_mean = static_cast<float>(b.sum) / static_cast<float>(b.size * b.size);
  const int x0 = std::max(0, b.x - b.size);
  const int y0 = std::max(0, b.y - b.size);
  const int x1 = std::min(width(), b.x + 2 * b.size);
  const int y1 = std::min(height(), b.y + 2 * b.size);
  float window_sum = 0.0F;
  for (int y = y0; y < y1; ++y) {
    for (int x = x0; x < x1; ++x) window_sum += cells_.at(x, y);
  }
  const float threshold = 0.5F * (box_mean + window_sum / static_cast<float>((x1 - x0) * (y1 - y0)));
  float sx = 0.0F;
  float sy = 0.0F;
  float n = 0.0F;  // never 0: the box's own cells average no brighter than the threshold
  for (int y = y0; y < y1; ++y) {
    for (int x = x0; x < x1; ++x) {
      if (static_cast<float>(cells_.at(x, y)) > threshold) continue;
      sx += static_cast<float>(x);
      sy += static_cast<float>(y);
      n += 1.0F;
    }
  }
  const auto scale = static_cast<float>(factor_);
  const float half_cell = 0.5F * scale - 0.5F;  // a cell's centre in image pixels
  return {sx / n * scale + half_cell, sy / n * scale + half_cell};
}

void DarkBoxMap::set_aside(const RectI& r, Aside how) {
  const int x0 = std::max(0, r.x / factor_);
  const int y0 = std::max(0, r.y / factor_);
  const int x1 = std::min(width(), (r.x + r.w + factor_ - 1) / factor_);
  const int y1 = std::min(height(), (r.y + r.h + factor_ - 1) / factor_);
  (how == Aside::ForGood ? for_good_ : for_this_size_).mark(x0, y0, x1, y1);
}

void DarkBoxMap::next_size() { for_this_size_.clear(); }

}  // namespace pt
