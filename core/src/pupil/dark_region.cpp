#include "pt/pupil/dark_region.hpp"

#include <algorithm>
#include <climits>
#include <cmath>
#include <numbers>

namespace pt {
namespace {

// While the level climbs the pupil's border, one grey level widens the region by a thin ring:
// well under a tenth of its radius even for the faintest pupils seen (six grey levels over a
// border three pixels wide, on a radius of twenty). A wider step ends such a run of ring
// growth. It is the spill into the iris when the run (the border's height in grey levels) is
// at least as high as the levels the region climbed, since it first had a pupil's area, before
// the run; a shorter run is a step on a shaded pupil's floor, where a darker patch merged with
// the rest.
constexpr float kRingGrowth = 0.10F;
// A border is also at least this many grey levels high: three times the noise left after the
// smoothing, so that a plateau of noise on a shaded floor is not taken for one.
constexpr int kMinWall = 3;
// The darkest quarter of the region is its core, clear of the border's blur.
constexpr int kCoreShare = 4;

// Queued pixels are packed as y * kRow + x.
constexpr std::uint32_t kRow = 1U << 16;

float circle_area(float radius) noexcept { return std::numbers::pi_v<float> * radius * radius; }

}  // namespace

DarkRegionCandidates DarkRegionGrower::grow(CViewU8 image, Point2f seed, float min_radius, float max_radius) {
  DarkRegionCandidates found;
  constexpr int kLargest = static_cast<int>(kRow);  // side that packing allows
  if (image.empty() || image.width >= kLargest || image.height >= kLargest) return found;
  const int w = image.width;
  const int h = image.height;
  const int sx = std::clamp(static_cast<int>(std::lround(seed.x)), 0, w - 1);
  const int sy = std::clamp(static_cast<int>(std::lround(seed.y)), 0, h - 1);

  // Marks of earlier floods, whatever the image size then, are all below the new generation.
  visited_.resize(w, h);
  if (++generation_ == 0) {  // wrapped after 4 billion floods: start the marks afresh
    visited_ = Image<std::uint32_t>(w, h, 0U);
    generation_ = 1;
  }
  waiting_.clear();
  top_.fill(kNone);
  queued_.fill(0U);
  // Every pixel is queued once at most, so the level being taken never holds more than all.
  if (taking_.size() < static_cast<std::size_t>(w) * static_cast<std::size_t>(h)) {
    taking_.resize(static_cast<std::size_t>(w) * static_cast<std::size_t>(h));
  }
  std::uint32_t* const taking = taking_.data();

  const float min_area = circle_area(min_radius);
  const float max_area = circle_area(max_radius);
  std::uint32_t* const marks = visited_.data();
  const std::uint32_t generation = generation_;  // a local, which the marks' stores cannot change
  first_level_ = image.at(sx, sy);
  visited_.at(sx, sy) = generation_;
  queue(static_cast<std::size_t>(first_level_), static_cast<std::uint32_t>(sy) * kRow + static_cast<std::uint32_t>(sx));
  // A local copy, handed back on every way out: the queues' pixels are stored as 32-bit integers,
  // which as far as the compiler knows may be the member's fields, so it would store and reload
  // them around every queued pixel.
  LevelSnapshot region{};
  region.x0 = region.x1 = sx;
  region.y0 = region.y1 = sy;
  struct HandBack {
    const LevelSnapshot& from;
    LevelSnapshot& to;
    ~HandBack() { to = from; }
  } hand_back{region, region_};
  int floor_start = -1;  // level at which the region first had a pupil's area
  int run_start = -1;    // first level of the current run of ring growth; -1 outside one
  bool ring_growth_seen = false;
  // A region that reaches the image's edge before its ring growth has begun is no pupil
  // (a shadow or a black frame border running out of the picture). It is still grown until that
  // growth begins, so that reached() covers the whole dark area and a seed elsewhere in it is
  // not tried again.
  bool enclosed = true;
  auto spilled_at = [&](int level) {
    found.after_wall = describe(level - 1, level);
    return found;
  };
  for (int level = first_level_; level < 256; ++level) {
    const LevelSnapshot before = region;
    const bool wall =
        enclosed && run_start >= 0 && level - run_start >= std::max(kMinWall, run_start - floor_start);
    const float ring_area = static_cast<float>(before.area) * (1.0F + kRingGrowth) * (1.0F + kRingGrowth);
    // The same test on whole areas, cheaper per pixel than comparing floats.
    const int spill_area = wall ? static_cast<int>(std::min(std::floor(ring_area), static_cast<float>(INT_MAX / 2)))
                                : INT_MAX;
    // The level's pixels are taken from a stack of their own, in the order its queue would give
    // them (last in, first out), with the pixels it adds on top. Its size stays in a register,
    // which a vector's end, next to the other levels' queues, does not.
    const auto l = static_cast<std::size_t>(level);
    std::size_t pending = queued_[l];
    for (std::uint32_t e = top_[l], k = queued_[l]; e != kNone; e = waiting_[e].below) taking[--k] = waiting_[e].packed;
    top_[l] = kNone;
    queued_[l] = 0U;
    bool touched_edge = false;
    while (pending > 0) {
      const std::uint32_t packed = taking[--pending];
      const int x = static_cast<int>(packed & 0xFFFFU);
      const int y = static_cast<int>(packed >> 16);
      if (x == 0 || x == w - 1 || y == 0 || y == h - 1) {
        touched_edge = true;
        continue;
      }
      ++region.area;
      region.sum_x += x;
      region.sum_y += y;
      region.x0 = std::min(region.x0, x);
      region.y0 = std::min(region.y0, y);
      region.x1 = std::max(region.x1, x);
      region.y1 = std::max(region.y1, y);
      // Past this area a wide step is under way; after a wall it is the spill, so the rest of
      // the level need not be taken.
      if (region.area > spill_area) return spilled_at(level);
      // The four neighbours, by offset in the marks, in the image and in packed coordinates.
      const std::uint32_t* here = marks + static_cast<std::ptrdiff_t>(y) * w + x;
      const std::uint8_t* grey = image.row(y) + x;
      auto visit = [&](std::ptrdiff_t mark_step, std::ptrdiff_t grey_step, std::uint32_t next) {
        std::uint32_t& mark = marks[here - marks + mark_step];
        if (mark == generation) return;
        mark = generation;
        const int g = grey[grey_step];
        if (g <= level) {
          taking[pending++] = next;
        } else {
          queue(static_cast<std::size_t>(g), next);
        }
      };
      visit(-1, -1, packed - 1U);
      visit(1, 1, packed + 1U);
      visit(-w, -image.stride, packed - kRow);
      visit(w, image.stride, packed + kRow);
    }
    // Reaching the image's edge is a spill like any other after a wall, and ends the flood.
    if (touched_edge) {
      if (wall) return spilled_at(level);
      if (ring_growth_seen) return found;
      enclosed = false;
    }
    levels_[static_cast<std::size_t>(level)] = region;
    if (static_cast<float>(region.area) > max_area) {  // wider than any pupil
      found.open = !enclosed;
      return found;
    }
    if (static_cast<float>(before.area) < min_area) continue;
    if (floor_start < 0) floor_start = level - 1;
    if (static_cast<float>(region.area) <= ring_area) {
      if (!enclosed) {  // the dark area is whole: its walls are being climbed
        found.open = true;
        return found;
      }
      if (run_start < 0) run_start = level;
      ring_growth_seen = true;
    } else {
      if (ring_growth_seen && !found.earlier) found.earlier = describe(level - 1, level);
      run_start = -1;
    }
  }
  return found;
}

RectI DarkRegionGrower::reached_bounds() const noexcept {
  // The region's box, and the ring of pixels looked at around it.
  return {region_.x0 - 1, region_.y0 - 1, region_.x1 - region_.x0 + 3, region_.y1 - region_.y0 + 3};
}

DarkRegion DarkRegionGrower::describe(int last_level, int spill_level) const {
  const LevelSnapshot& s = levels_[static_cast<std::size_t>(last_level)];
  int core = first_level_;
  while (core < last_level && levels_[static_cast<std::size_t>(core)].area * kCoreShare < s.area) ++core;
  DarkRegion r;
  r.pupil_level = static_cast<float>(core);
  r.spill_level = static_cast<float>(spill_level);
  r.centroid = {static_cast<float>(static_cast<double>(s.sum_x) / s.area),
                static_cast<float>(static_cast<double>(s.sum_y) / s.area)};
  r.radius = std::sqrt(static_cast<float>(s.area) / std::numbers::pi_v<float>);
  r.bounds = {s.x0, s.y0, s.x1 - s.x0 + 1, s.y1 - s.y0 + 1};
  return r;
}

}  // namespace pt
