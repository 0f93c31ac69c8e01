#include "pt/pupil/dark_region.hpp"

#include <algorithm>

namespace pt {
namespace {

// Queued pixels are packed as y * kRow + x.
constexpr std::uint32_t kRow = static_cast<std::uint32_t>(kFloodLargestSide);

DarkRegionCandidates candidates(const DarkRegionFinds& finds) {
  DarkRegionCandidates found;
  if (finds.has_after_wall) found.after_wall = finds.after_wall;
  if (finds.has_earlier) found.earlier = finds.earlier;
  found.open = finds.open;
  return found;
}

}  // namespace

DarkRegionCandidates DarkRegionGrower::grow(CViewU8 image, Point2f seed, float min_radius, float max_radius) {
  if (image.empty() || image.width >= kFloodLargestSide || image.height >= kFloodLargestSide) return {};
  const int w = image.width;
  const int h = image.height;
  const auto [sx, sy] = flood_seed_pixel(w, h, seed);

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

  std::uint32_t* const marks = visited_.data();
  const std::uint32_t generation = generation_;  // a local, which the marks' stores cannot change
  const int first_level = image.at(sx, sy);
  visited_.at(sx, sy) = generation_;
  queue(static_cast<std::size_t>(first_level), static_cast<std::uint32_t>(sy) * kRow + static_cast<std::uint32_t>(sx));
  // A local copy, handed back on every way out: the queues' pixels are stored as 32-bit integers,
  // which as far as the compiler knows may be the member's fields, so it would store and reload
  // them around every queued pixel.
  DarkRegionSnapshot region{};
  region.x0 = region.x1 = sx;
  region.y0 = region.y1 = sy;
  struct HandBack {
    const DarkRegionSnapshot& from;
    DarkRegionSnapshot& to;
    ~HandBack() { to = from; }
  } hand_back{region, region_};
  DarkRegionLevelWalk walk(first_level, min_radius, max_radius);
  for (int level = first_level; level < 256; ++level) {
    const int spill_area = walk.begin_level(level);
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
      if (region.area > spill_area) {
        walk.spill(levels_.data());
        return candidates(walk.finds());
      }
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
    levels_[static_cast<std::size_t>(level)] = region;
    if (!walk.end_level(levels_.data(), touched_edge)) break;
  }
  return candidates(walk.finds());
}

RectI DarkRegionGrower::reached_bounds() const noexcept {
  // The region's box, and the ring of pixels looked at around it.
  return {region_.x0 - 1, region_.y0 - 1, region_.x1 - region_.x0 + 3, region_.y1 - region_.y0 + 3};
}

}  // namespace pt
