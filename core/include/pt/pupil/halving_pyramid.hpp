#pragma once
// An image and its successive halvings by 2 x 2 averaging, each built when first asked for, so
// that work on a coarse scale costs in proportion to that scale's pixels.
#include <vector>

#include "pt/image.hpp"

namespace pt {

class HalvingPyramid {
 public:
  // Level 0 is `image` itself (not copied: it must outlive the use of the pyramid).
  void reset(CViewU8 image) noexcept;
  // The image halved `level` times (each side rounded down; at least 1 x 1).
  [[nodiscard]] CViewU8 level(int level);

 private:
  CViewU8 base_;
  std::vector<ImageU8> halvings_;  // halvings_[i] is level i + 1
  int built_ = 0;                  // levels of halvings_ valid for base_
};

}  // namespace pt
