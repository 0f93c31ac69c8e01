#pragma once
// Blinks of both eyes together: every 2 to 5 s the upper lid drops to the lower lid, stays shut
// a moment and rises again, 150 to 350 ms in all.
#include <cstdint>

#include "rng.hpp"

namespace pt::synthetic {

class BlinkModel {
 public:
  // A disabled model never blinks.
  BlinkModel(std::uint64_t seed, bool enabled);

  // 0 = open, 1 = shut (exactly 1 while the lids touch).
  [[nodiscard]] double closure() const noexcept;
  void advance(double dt_s);

 private:
  Rng rng_;
  bool enabled_;
  bool blinking_ = false;
  double elapsed_s_ = 0.0;
  double duration_s_ = 0.0;
  double until_blink_s_ = 0.0;
};

}  // namespace pt::synthetic
