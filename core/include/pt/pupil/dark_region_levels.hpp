#pragma once
// The rules that read pupil candidates off a flood's region, level by level. The CPU's flood
// (DarkRegionGrower) takes pixels one by one and the device's a level's pixels in parallel waves;
// both hand each level's region to the same walk, so that they decide alike to the bit.
#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdint>
#include <numbers>

#include "pt/geometry.hpp"
#include "pt/host_device.hpp"

namespace pt {

struct DarkRegion {
  float pupil_level = 0.0F;  // the dark core's grey: a quarter of the region is at or below it
  float spill_level = 0.0F;  // the lowest grey level at which the region leaks out
  Point2f centroid;          // of the region just below the spill level
  float radius = 0.0F;       // of the circle with that region's area
  RectI bounds;              // that region's pixel bounding box
};

// The region as it stood when every pixel up to one grey level was taken. No member
// initialisers: the device keeps an array of them in shared memory.
struct DarkRegionSnapshot {
  int area;
  std::int64_t sum_x;  // whole numbers: one addition per pixel, no conversion, any order
  std::int64_t sum_y;
  int x0;
  int y0;
  int x1;
  int y1;
};

// What a flood found (DarkRegionCandidates without std::optional, which device code lacks).
struct DarkRegionFinds {
  bool has_after_wall = false;
  DarkRegion after_wall;
  bool has_earlier = false;
  DarkRegion earlier;
  bool open = false;
};

// The CPU's flood packs a pixel's coordinates into 16 bits each: wider images give no region.
inline constexpr int kFloodLargestSide = 1 << 16;

// The flood starts from the pixel nearest the seed.
struct SeedPixel {
  int x;
  int y;
};
[[nodiscard]] PT_HOST_DEVICE inline SeedPixel flood_seed_pixel(int width, int height, Point2f seed) noexcept {
  return {std::clamp(static_cast<int>(std::lround(seed.x)), 0, width - 1),
          std::clamp(static_cast<int>(std::lround(seed.y)), 0, height - 1)};
}

// Walks the levels from the seed's grey upwards: begin_level() before a level's pixels are
// taken, end_level() once they all are. The flood goes on while end_level() says so.
class DarkRegionLevelWalk {
 public:
  PT_HOST_DEVICE DarkRegionLevelWalk(int first_level, float min_radius, float max_radius) noexcept
      : min_area_(circle_area(min_radius)), max_area_(circle_area(max_radius)), first_level_(first_level) {}

  // The area past which the level is the spill, so that a flood may stop taking its pixels as
  // soon as it has that many (INT_MAX: no spill possible at this level).
  PT_HOST_DEVICE int begin_level(int level) noexcept {
    level_ = level;
    const int run = level - run_start_;
    wall_ = enclosed_ && run_start_ >= 0 && run >= kMinWall && run >= run_start_ - floor_start_;
    ring_area_ = static_cast<float>(area_before_) * (1.0F + kRingGrowth) * (1.0F + kRingGrowth);
    // The same test on whole areas, cheaper per pixel than comparing floats.
    spill_area_ = wall_ ? static_cast<int>(std::min(std::floor(ring_area_), static_cast<float>(INT_MAX / 2))) : INT_MAX;
    return spill_area_;
  }

  // The spill found while the level was being taken: the region just below it is the pupil.
  PT_HOST_DEVICE void spill(const DarkRegionSnapshot* levels) noexcept {
    finds_.has_after_wall = true;
    finds_.after_wall = describe(levels, level_ - 1, level_);
  }

  // `levels[l]` is the region up to level l for every level taken so far, this one included;
  // `touched_edge`: some pixel of the image's edge was reached at this level.
  PT_HOST_DEVICE bool end_level(const DarkRegionSnapshot* levels, bool touched_edge) noexcept {
    const int area = levels[level_].area;
    if (area > spill_area_) {
      spill(levels);
      return false;
    }
    // Reaching the image's edge is a spill like any other after a wall, and ends the flood.
    if (touched_edge) {
      if (wall_) {
        spill(levels);
        return false;
      }
      if (ring_growth_seen_) return false;
      enclosed_ = false;
    }
    const int before = area_before_;
    area_before_ = area;
    if (static_cast<float>(area) > max_area_) {  // wider than any pupil
      finds_.open = !enclosed_;
      return false;
    }
    if (static_cast<float>(before) < min_area_) return true;
    if (floor_start_ < 0) floor_start_ = level_ - 1;
    if (static_cast<float>(area) <= ring_area_) {
      if (!enclosed_) {  // the dark area is whole: its walls are being climbed
        finds_.open = true;
        return false;
      }
      if (run_start_ < 0) run_start_ = level_;
      ring_growth_seen_ = true;
    } else {
      if (ring_growth_seen_ && !finds_.has_earlier) {
        finds_.has_earlier = true;
        finds_.earlier = describe(levels, level_ - 1, level_);
      }
      run_start_ = -1;
    }
    return true;
  }

  [[nodiscard]] PT_HOST_DEVICE const DarkRegionFinds& finds() const noexcept { return finds_; }

 private:
  // While the level climbs the pupil's border, one grey level widens the region by a thin ring:
  // well under a tenth of its radius even for the faintest pupils seen (six grey levels over a
  // border three pixels wide, on a radius of twenty). A wider step ends such a run of ring
  // growth. It is the spill into the iris when the run (the border's height in grey levels) is
  // at least as high as the levels the region climbed, since it first had a pupil's area, before
  // the run; a shorter run is a step on a shaded pupil's floor, where a darker patch merged with
  // the rest.
  static constexpr float kRingGrowth = 0.10F;
  // A border is also at least this many grey levels high: three times the noise left after the
  // smoothing, so that a plateau of noise on a shaded floor is not taken for one.
  static constexpr int kMinWall = 3;
  // The darkest quarter of the region is its core, clear of the border's blur.
  static constexpr int kCoreShare = 4;

  PT_HOST_DEVICE static float circle_area(float radius) noexcept {
    return std::numbers::pi_v<float> * radius * radius;
  }

  [[nodiscard]] PT_HOST_DEVICE DarkRegion describe(const DarkRegionSnapshot* levels, int last_level,
                                                   int spill_level) const noexcept {
    const DarkRegionSnapshot& s = levels[last_level];
    int core = first_level_;
    while (core < last_level && levels[core].area * kCoreShare < s.area) ++core;
    DarkRegion r;
    r.pupil_level = static_cast<float>(core);
    r.spill_level = static_cast<float>(spill_level);
    r.centroid = {static_cast<float>(static_cast<double>(s.sum_x) / s.area),
                  static_cast<float>(static_cast<double>(s.sum_y) / s.area)};
    r.radius = std::sqrt(static_cast<float>(s.area) / std::numbers::pi_v<float>);
    r.bounds = {s.x0, s.y0, s.x1 - s.x0 + 1, s.y1 - s.y0 + 1};
    return r;
  }

  float min_area_;
  float max_area_;
  int first_level_;
  int level_ = 0;
  int area_before_ = 0;
  bool wall_ = false;
  float ring_area_ = 0.0F;
  int spill_area_ = INT_MAX;
  int floor_start_ = -1;  // level at which the region first had a pupil's area
  int run_start_ = -1;    // first level of the current run of ring growth; -1 outside one
  bool ring_growth_seen_ = false;
  // A region that reaches the image's edge before its ring growth has begun is no pupil
  // (a shadow or a black frame border running out of the picture). It is still grown until that
  // growth begins, so that a CPU flood's reached() covers the whole dark area and a seed
  // elsewhere in it is not tried again.
  bool enclosed_ = true;
  DarkRegionFinds finds_;
};

}  // namespace pt
