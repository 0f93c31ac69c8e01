#pragma once
// Eyelashes: thin dark curved strokes rooted along the lid margins, rasterised once into sparse
// pixel lists and stamped each frame at the lids' current height, so they ride with the lids
// through a blink. Upper lashes hang over the opening (and now and then over the pupil's upper
// edge); a few shorter lower lashes point away from it.
#include <cstdint>
#include <vector>

#include "eye_layout.hpp"
#include "lid_shape.hpp"
#include "pt/image.hpp"
#include "rng.hpp"

namespace pt::synthetic {

class Eyelashes {
 public:
  Eyelashes(const EyeLayout& eye, Rng& rng);
  void draw(ViewU8 frame, const LidShape& lids, const RectI& clip) const;

 private:
  struct Pixel {
    std::int16_t dx;
    std::int16_t dy;
    std::uint8_t alpha;
  };
  struct Lash {
    int root_x;
    bool upper;
    std::size_t first;
    std::size_t count;
  };
  void rasterise(int root_x, bool upper, double length, double angle_rad, double bend_rad, double darkness,
                 Rng& rng);

  std::vector<Lash> lashes_;
  std::vector<Pixel> pixels_;
};

}  // namespace pt::synthetic
