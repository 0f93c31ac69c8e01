#pragma once
// The pupil as a region grown from a seed inside it. A flood takes pixels in increasing grey
// order (a bucket queue over the 256 levels), so one pass gives the seed's connected region at
// every grey level from the seed's own up. While the level climbs the pupil's blurred border
// the region grows by a thin ring per level; when it reaches the iris (or a dark gap in the
// border) the region spills and grows by more at once. The pupil's own level and the level of
// that spill tell how dark the pupil is against its surroundings, whatever the illumination.
#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "pt/geometry.hpp"
#include "pt/image.hpp"
#include "pt/pupil/dark_region_levels.hpp"

namespace pt {

// The pupil as a flood shows it. Its border is a run of levels over which the region grows by
// thin rings, ended by a wider step; the border is taken as the first run at least as high as
// the levels climbed before it, and a few levels high at least (after_wall). A lower run ended
// by a wider step before that (earlier) may be a faint pupil spilling into a dark iris, or a
// darker patch of a shaded pupil's floor merging with the rest: grey levels alone cannot tell
// which.
struct DarkRegionCandidates {
  std::optional<DarkRegion> after_wall;
  std::optional<DarkRegion> earlier;
  // The dark area ran out of the image before any border formed: no pupil anywhere in it.
  bool open = false;

  [[nodiscard]] bool any() const noexcept { return after_wall || earlier; }
  // The deeper of the two: the one to rank regions by.
  [[nodiscard]] const DarkRegion& main() const noexcept {
    return after_wall ? *after_wall : *earlier;
  }
};

class DarkRegionGrower {
 public:
  // Grows from the pixel nearest `seed`. No candidate when no dark region of at least
  // `min_radius` and at most `max_radius`, enclosed by brighter pixels inside the image, forms
  // around the seed. The flood stops at the spill or at the largest pupil's area, so it costs
  // no more than the pixels of a pupil and its border.
  [[nodiscard]] DarkRegionCandidates grow(CViewU8 image, Point2f seed, float min_radius, float max_radius);
  // Whether the last grow() reached the pixel (took it in or came to its edge).
  [[nodiscard]] bool reached(int x, int y) const noexcept { return visited_.at(x, y) == generation_; }
  // A rectangle holding every pixel the last grow() reached.
  [[nodiscard]] RectI reached_bounds() const noexcept;

 private:
  // Pixels waiting, by grey level: a stack per level, linked through one pool of entries that
  // keeps its capacity from flood to flood. 256 vectors would each grow to its own largest
  // level first, an allocation now and then for hours (the slow creep of long runs).
  struct Waiting {
    std::uint32_t packed;
    std::uint32_t below;  // the entry queued before it on its level, or kNone
  };
  static constexpr std::uint32_t kNone = 0xFFFFFFFFU;
  void queue(std::size_t level, std::uint32_t packed) {
    waiting_.push_back({packed, top_[level]});
    top_[level] = static_cast<std::uint32_t>(waiting_.size() - 1);
    ++queued_[level];
  }
  std::vector<Waiting> waiting_;
  std::array<std::uint32_t, 256> top_{};
  std::array<std::uint32_t, 256> queued_{};
  std::vector<std::uint32_t> taking_;                  // the pixels of the level being taken
  Image<std::uint32_t> visited_;                       // == generation_ where already queued
  std::uint32_t generation_ = 0;
  std::array<DarkRegionSnapshot, 256> levels_{};
  DarkRegionSnapshot region_{};  // as the last grow() left it
};

}  // namespace pt
