#pragma once
// A coarse first guess of where the pupil is, for frames without a previous centre: the pupil
// is the largest dark area of an infrared eye image, so the darkest box of about the smallest
// pupil's size finds it wherever it sits, and eyelashes (dark but thin) average away.
#include <cstdint>
#include <vector>

#include "pt/geometry.hpp"
#include "pt/image.hpp"

namespace pt {

class DarkBlobLocator {
 public:
  [[nodiscard]] Point2f locate(CViewU8 image, float min_radius_px);

 private:
  ImageU8 small_;
  std::vector<std::uint32_t> integral_;
};

}  // namespace pt
