#pragma once
// The iris seen straight on, drawn once as a square sprite: radial fibres, crypts, the
// collarette and the darker limbal ring, with a soft alpha edge at the limbus. Per frame the
// compositor samples it through the gaze's foreshortening.
#include <cstdint>
#include <vector>

#include "rng.hpp"

namespace pt::synthetic {

struct IrisTexel {
  std::uint8_t grey = 0;
  std::uint8_t alpha = 0;  // 255 inside the iris, 0 beyond the limbus
};

class IrisTexture {
 public:
  // `brightness` scales the grey levels (the vignetting at the eye's place in the frame).
  IrisTexture(double radius, double brightness, Rng& rng);

  [[nodiscard]] int size() const noexcept { return size_; }
  // The iris centre's texel, in both axes.
  [[nodiscard]] int centre() const noexcept { return size_ / 2; }
  // Texels around the limbus the sprite holds beyond the iris radius.
  [[nodiscard]] static constexpr int margin() noexcept { return 6; }
  [[nodiscard]] const IrisTexel* texels() const noexcept { return texels_.data(); }

 private:
  int size_;
  std::vector<IrisTexel> texels_;
};

}  // namespace pt::synthetic
