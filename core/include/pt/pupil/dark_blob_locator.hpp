#pragma once
// A coarse first guess of where the pupil is, for frames without a previous centre: the pupil
// is the largest dark area of an infrared eye image, so the darkest box of about the smallest
// pupil's size finds it wherever it sits, and eyelashes (dark but thin) average away. Other
// dark areas can be darker still (a shadow in a corner, black borders of a cropped frame), but
// they are not enclosed by brighter surroundings as a pupil is: the darkest box is tried first,
// and while no enclosed dark region grows from it, the darkest box outside the areas already
// flooded is tried next.
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
  static constexpr int kAttempts = 4;
  struct Box {
    std::uint32_t sum = 0;
    int x = 0;  // top-left cell in the shrunk image
    int y = 0;
  };

  void shrink(CViewU8 image, int factor);
  // The darkest box of `box` x `box` cells clear of excluded cells; nothing when none is.
  [[nodiscard]] std::optional<Box> darkest_box(int box) const;
  // Excludes the cells whose centre pixel the last flood reached.
  void exclude_flooded(int factor);
  // Sum over a box of a summed-area table of the shrunk image's size.
  [[nodiscard]] std::uint32_t box_sum(const std::vector<std::uint32_t>& table, int x, int y, int box) const;
  // The full-resolution centroid of the dark cells around one box.
  [[nodiscard]] Point2f dark_centroid(const Box& b, int box, int factor) const;

  ImageU8 small_;
  std::vector<std::uint32_t> integral_;
  std::vector<std::uint8_t> excluded_cells_;  // per cell of small_
  std::vector<std::uint32_t> excluded_;       // their summed-area table
  DarkRegionGrower region_;
};

}  // namespace pt
