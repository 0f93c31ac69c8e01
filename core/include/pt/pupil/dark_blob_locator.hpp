#pragma once
// A coarse first guess of where the pupil is, for frames without a previous centre. The pupil is
// a dark area enclosed by brighter iris, so the darkest box inscribed in a pupil finds it
// wherever it sits, and eyelashes (dark but thin) average away. Boxes of every size from the
// smallest pupil's to the largest's are tried, since a small dark spot can be darker than a
// large pupil. From the darkest box of each size a dark region is grown (DarkRegionGrower);
// areas that are not enclosed (black borders of a cropped or digitised frame, shadows running
// out of the picture) give way to the next darkest box of that size. Of the enclosed regions the
// one with the most darkness (area times depth below its surroundings) is the pupil; a region
// holding a darker one found before (the iris around the pupil) does not compete.
#include <cstdint>
#include <optional>
#include <vector>

#include "pt/geometry.hpp"
#include "pt/image.hpp"
#include "pt/pupil/dark_region.hpp"

namespace pt {

class DarkBlobLocator {
 public:
  // Radii in pixels: the smallest and largest pupils looked for.
  [[nodiscard]] Point2f locate(CViewU8 image, float min_radius_px, float max_radius_px);

 private:
  // A box inscribed in a pupil of radius r has a side of about 1.4 r.
  static constexpr float kInscribedBox = 1.4F;
  // A frame can have a black strip along a side or two and a dark corner.
  static constexpr int kAttemptsPerScale = 3;
  // A pupil's wall (pupil to iris) is a good part of the iris's (pupil floor to sclera), a third
  // or more; a darker patch on the pupil's floor is a few grey levels deep beside a wall of tens.
  static constexpr float kNestedDepthShare = 0.25F;
  struct Box {
    std::uint32_t sum = 0;
    int x = 0;  // top-left cell in the shrunk image
    int y = 0;
  };

  void shrink(CViewU8 image, int factor);
  // The darkest box of `box` x `box` cells clear of excluded cells; nothing when none is.
  [[nodiscard]] std::optional<Box> darkest_box(int box) const;
  // Excludes the box's cells and those whose centre pixel the last flood reached.
  void exclude(const Box& b, int box, int factor);
  // Sum over a box of a summed-area table of the shrunk image's size.
  [[nodiscard]] std::uint32_t box_sum(const std::vector<std::uint32_t>& table, int x, int y, int box) const;
  // Adds the region just grown from `seed` to found_, unless it holds a found one whose wall is
  // a fair part of its own (it is the iris around that pupil); found ones it holds with a
  // shallow wall (darker patches of its floor) are dropped.
  void consider(Point2f seed, const DarkRegion& region);
  // How much darkness a region holds: area times depth below its surroundings.
  [[nodiscard]] static float darkness(const DarkRegion& r);
  // The full-resolution centroid of the dark cells around one box.
  [[nodiscard]] Point2f dark_centroid(const Box& b, int box, int factor) const;

  ImageU8 small_;
  std::vector<std::uint32_t> integral_;
  std::vector<std::uint8_t> excluded_cells_;  // per cell of small_
  std::vector<std::uint32_t> excluded_;       // their summed-area table
  struct Found {
    Point2f seed;
    DarkRegion region;
  };
  std::vector<Found> found_;  // enclosed regions, none inside another
  DarkRegionGrower region_;
};

}  // namespace pt
