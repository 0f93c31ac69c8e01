#include "pt/pupil/dark_region.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace pt {
namespace {

// While the level climbs the pupil's border, one grey level widens the region by a thin ring:
// well under a tenth of its radius even for the faintest pupils seen (six grey levels over a
// border three pixels wide, on a radius of twenty). Entering the iris or a dark gap widens it
// by more at once; the first such step after the ring growth has begun is the spill.
constexpr float kSpillGrowth = 0.10F;
// The darkest quarter of the region is its core, clear of the border's blur.
constexpr int kCoreShare = 4;

float circle_area(float radius) noexcept { return std::numbers::pi_v<float> * radius * radius; }

}  // namespace

std::optional<DarkRegion> DarkRegionGrower::grow(CViewU8 image, Point2f seed, float min_radius, float max_radius) {
  if (image.empty()) return std::nullopt;
  const int w = image.width;
  const int h = image.height;
  const int sx = std::clamp(static_cast<int>(std::lround(seed.x)), 0, w - 1);
  const int sy = std::clamp(static_cast<int>(std::lround(seed.y)), 0, h - 1);
  const int reach = static_cast<int>(std::ceil(2.0F * max_radius));
  const int wx0 = std::max(0, sx - reach);
  const int wy0 = std::max(0, sy - reach);
  const int wx1 = std::min(w - 1, sx + reach);
  const int wy1 = std::min(h - 1, sy + reach);

  if (visited_.width() != w || visited_.height() != h) {
    visited_ = Image<std::uint32_t>(w, h, 0U);
    generation_ = 0;
  }
  if (++generation_ == 0) {  // wrapped after 4 billion floods: start the marks afresh
    visited_ = Image<std::uint32_t>(w, h, 0U);
    generation_ = 1;
  }
  for (auto& q : queue_) q.clear();

  const float min_area = circle_area(min_radius);
  const float max_area = circle_area(max_radius);
  first_level_ = image.at(sx, sy);
  visited_.at(sx, sy) = generation_;
  queue_[static_cast<std::size_t>(first_level_)].push_back(sy * w + sx);
  LevelSnapshot region{0, 0.0, 0.0, sx, sy, sx, sy};
  bool ring_growth_seen = false;
  for (int level = first_level_; level < 256; ++level) {
    const LevelSnapshot before = region;
    // Past this area the current level has spilled, so the rest of it need not be taken.
    const bool judging = ring_growth_seen && static_cast<float>(before.area) >= min_area;
    const float spill_area = static_cast<float>(before.area) * (1.0F + kSpillGrowth) * (1.0F + kSpillGrowth);
    auto& pending = queue_[static_cast<std::size_t>(level)];
    // Touching the edge of the search means the region is not enclosed at this level. The level
    // is still taken in full (inside the search), so that reached() covers the whole dark area.
    bool leaked = false;
    while (!pending.empty()) {
      const std::int32_t p = pending.back();
      pending.pop_back();
      const int x = p % w;
      const int y = p / w;
      if (x == wx0 || x == wx1 || y == wy0 || y == wy1) {
        leaked = true;
        continue;
      }
      ++region.area;
      region.sum_x += x;
      region.sum_y += y;
      region.x0 = std::min(region.x0, x);
      region.y0 = std::min(region.y0, y);
      region.x1 = std::max(region.x1, x);
      region.y1 = std::max(region.y1, y);
      if (judging && static_cast<float>(region.area) > spill_area) return describe(level - 1, level);
      for (const auto& [nx, ny] :
           {std::pair{x - 1, y}, std::pair{x + 1, y}, std::pair{x, y - 1}, std::pair{x, y + 1}}) {
        std::uint32_t& mark = visited_.at(nx, ny);
        if (mark == generation_) continue;
        mark = generation_;
        const int grey = std::max<int>(image.at(nx, ny), level);
        queue_[static_cast<std::size_t>(grey)].push_back(ny * w + nx);
      }
    }
    if (leaked) return ring_growth_seen ? std::optional(describe(level - 1, level)) : std::nullopt;
    levels_[static_cast<std::size_t>(level)] = region;
    if (static_cast<float>(region.area) > max_area) return std::nullopt;  // wider than any pupil
    if (static_cast<float>(before.area) >= min_area &&
        static_cast<float>(region.area) <= spill_area) {
      ring_growth_seen = true;
    }
  }
  return std::nullopt;
}

DarkRegion DarkRegionGrower::describe(int last_level, int spill_level) const {
  const LevelSnapshot& s = levels_[static_cast<std::size_t>(last_level)];
  int core = first_level_;
  while (core < last_level && levels_[static_cast<std::size_t>(core)].area * kCoreShare < s.area) ++core;
  DarkRegion r;
  r.pupil_level = static_cast<float>(core);
  r.spill_level = static_cast<float>(spill_level);
  r.centroid = {static_cast<float>(s.sum_x / s.area), static_cast<float>(s.sum_y / s.area)};
  r.radius = std::sqrt(static_cast<float>(s.area) / std::numbers::pi_v<float>);
  r.bounds = {s.x0, s.y0, s.x1 - s.x0 + 1, s.y1 - s.y0 + 1};
  return r;
}

}  // namespace pt
