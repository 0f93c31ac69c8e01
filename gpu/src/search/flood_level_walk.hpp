#pragma once
// The level walk over a window's counts (host and device code; plain C++ apart from the marks).
// A window around the seed knows the flood's region exactly at the levels below the lowest join
// level on its border, and at that level a part of it: its area from below. A pupil's spill is
// that level as a rule (the region leaks into the iris and runs to the window's border), and
// a lower bound decides it: past the spill's area, any larger area spills alike.
#include <algorithm>
#include <climits>
#include <cmath>

#include "pt/host_device.hpp"
#include "pt/pupil/dark_region_levels.hpp"

namespace pt::gpu::search {

struct WindowCounts {
  // By join level: the pixels that join there, exact below `exact_below`, those the window holds
  // at `exact_below`. The walk turns them into the region up to each level, in place.
  DarkRegionSnapshot* levels;
  int exact_below;  // 256 where the window is the whole image
  int touch_level;  // the first level at which the region reaches the image's edge, where below exact_below
};

[[nodiscard]] PT_HOST_DEVICE inline bool same_region(const DarkRegion& a, const DarkRegion& b) noexcept {
  return a.pupil_level == b.pupil_level && a.spill_level == b.spill_level && a.centroid.x == b.centroid.x &&
         a.centroid.y == b.centroid.y && a.radius == b.radius && a.bounds.x == b.bounds.x && a.bounds.y == b.bounds.y &&
         a.bounds.w == b.bounds.w && a.bounds.h == b.bounds.h;
}

[[nodiscard]] PT_HOST_DEVICE inline bool same_finds(const DarkRegionFinds& a, const DarkRegionFinds& b) noexcept {
  return a.has_after_wall == b.has_after_wall && (!a.has_after_wall || same_region(a.after_wall, b.after_wall)) &&
         a.has_earlier == b.has_earlier && (!a.has_earlier || same_region(a.earlier, b.earlier)) && a.open == b.open;
}

// The walk at the level the window knows from below (begun): settled when it ends there alike
// for every area from the window's up and whether or not the region reaches the edge there.
// The decision changes only past the ring's area or the largest pupil's, so those areas, the
// window's and a vast one stand for all.
[[nodiscard]] PT_HOST_DEVICE inline bool settle_from_below(const DarkRegionLevelWalk& walk, const WindowCounts& c,
                                                           int level, DarkRegionFinds& finds) {
  DarkRegionSnapshot& counted = c.levels[level];
  const int least = counted.area;
  const auto past = [](float area) { return static_cast<int>(std::fmin(std::floor(area), static_cast<float>(INT_MAX / 4))) + 1; };
  const int areas[4] = {least, past(walk.ring_area()), past(walk.max_area()), INT_MAX / 2};
  // A touch the window saw at this level is the first; one it did not see may lie outside it.
  const bool touch_seen = c.touch_level == level;
  bool first = true;
  for (const int area : areas) {
    if (area < least) continue;
    for (int t = touch_seen ? 1 : 0; t < 2; ++t) {
      DarkRegionLevelWalk trial = walk;
      counted.area = area;
      const bool goes_on = trial.end_level(c.levels, t == 1);
      if (goes_on || (!first && !same_finds(trial.finds(), finds))) return false;
      finds = trial.finds();
      first = false;
    }
  }
  return true;
}

// Walks the levels from the seed's. Returns false where the window cannot settle the answer.
[[nodiscard]] PT_HOST_DEVICE inline bool walk_window_levels(const WindowCounts& c, int sx, int sy, int first_level,
                                                            float min_radius, float max_radius, DarkRegionFinds& finds) {
  DarkRegionLevelWalk walk(first_level, min_radius, max_radius);
  DarkRegionSnapshot region{0, 0, 0, sx, sy, sx, sy};
  for (int level = first_level; level < 256; ++level) {
    DarkRegionSnapshot& l = c.levels[level];
    region = {region.area + l.area, region.sum_x + l.sum_x, region.sum_y + l.sum_y, std::min(region.x0, l.x0),
              std::min(region.y0, l.y0), std::max(region.x1, l.x1), std::max(region.y1, l.y1)};
    l = region;
    walk.begin_level(level);
    if (level == c.exact_below) return settle_from_below(walk, c, level, finds);
    if (!walk.end_level(c.levels, level == c.touch_level)) break;
  }
  finds = walk.finds();
  return true;
}

}  // namespace pt::gpu::search
