#include "pt/imgproc/connected_components.hpp"

#include <algorithm>

namespace pt {
namespace {

RectI grown_by(const RectI& r, int y, int x0, int x1) noexcept {
  if (r.empty()) return {x0, y, x1 - x0, 1};
  const int left = std::min(r.x, x0);
  const int top = std::min(r.y, y);
  const int right = std::max(r.x + r.w, x1);
  const int bottom = std::max(r.y + r.h, y + 1);
  return {left, top, right - left, bottom - top};
}

}  // namespace

std::int32_t ConnectedComponents::find(std::int32_t s) noexcept {
  while (parent_[static_cast<std::size_t>(s)] != s) {
    auto& p = parent_[static_cast<std::size_t>(s)];
    p = parent_[static_cast<std::size_t>(p)];  // path halving keeps the trees flat
    s = p;
  }
  return s;
}

void ConnectedComponents::unite(std::int32_t a, std::int32_t b) noexcept {
  a = find(a);
  b = find(b);
  // The older set stays the root, so a root is always a component's first run.
  if (a < b) {
    parent_[static_cast<std::size_t>(b)] = a;
  } else if (b < a) {
    parent_[static_cast<std::size_t>(a)] = b;
  }
}

int ConnectedComponents::label(CViewU8 binary) {
  runs_.clear();
  parent_.clear();
  std::size_t above_begin = 0;
  std::size_t above_end = 0;
  for (int y = 0; y < binary.height; ++y) {
    const std::uint8_t* row = binary.row(y);
    std::size_t above = above_begin;
    const std::size_t row_begin = runs_.size();
    for (int x = 0; x < binary.width;) {
      if (row[x] == 0) {
        ++x;
        continue;
      }
      const int x0 = x;
      while (x < binary.width && row[x] != 0) ++x;
      const auto set = static_cast<std::int32_t>(parent_.size());
      parent_.push_back(set);
      runs_.push_back({y, x0, x, set});
      // Runs above touch this one diagonally too: their pixel ranges overlap [x0 - 1, x].
      while (above < above_end && runs_[above].x1 < x0) ++above;
      for (std::size_t k = above; k < above_end && runs_[k].x0 <= x; ++k) unite(set, runs_[k].set);
    }
    above_begin = row_begin;
    above_end = runs_.size();
  }

  final_.assign(parent_.size(), 0);
  stats_.assign(1, ComponentStats{0, binary.bounds()});
  for (Run& run : runs_) {
    const std::int32_t root = find(run.set);
    auto& label = final_[static_cast<std::size_t>(root)];
    if (label == 0) {
      label = static_cast<std::int32_t>(stats_.size());
      stats_.emplace_back();
    }
    run.set = label;
    ComponentStats& s = stats_[static_cast<std::size_t>(label)];
    s.area += run.x1 - run.x0;
    s.bounds = grown_by(s.bounds, run.y, run.x0, run.x1);
  }

  labels_.resize(binary.width, binary.height);
  std::fill(labels_.data(), labels_.data() + static_cast<std::ptrdiff_t>(binary.width) * binary.height, 0);
  for (const Run& run : runs_)
    std::fill(labels_.view().row(run.y) + run.x0, labels_.view().row(run.y) + run.x1, run.set);
  return count();
}

}  // namespace pt
