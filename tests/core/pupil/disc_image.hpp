#pragma once
// Test images of a dark antialiased disc (a pupil) on a brighter background, with exact geometry.
#include <algorithm>
#include <cmath>

#include "pt/image.hpp"
#include "pt/random.hpp"

namespace pt::test {

struct DiscScene {
  float cx = 0.0F;
  float cy = 0.0F;
  float r = 0.0F;
  std::uint8_t inside = 25;
  std::uint8_t outside = 110;
  float noise = 0.0F;  // uniform noise amplitude, grey levels
  std::uint64_t seed = 1;
};

// Coverage of each pixel by the disc from 8x8 supersampling: the 50 % level is the true border.
inline ImageU8 render_disc(int w, int h, const DiscScene& s) {
  ImageU8 img(w, h);
  SplitMix64 rng(s.seed);
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      int covered = 0;
      for (int sy = 0; sy < 8; ++sy) {
        for (int sx = 0; sx < 8; ++sx) {
          const float px = static_cast<float>(x) - 0.5F + (static_cast<float>(sx) + 0.5F) / 8.0F;
          const float py = static_cast<float>(y) - 0.5F + (static_cast<float>(sy) + 0.5F) / 8.0F;
          covered += std::hypot(px - s.cx, py - s.cy) <= s.r ? 1 : 0;
        }
      }
      const float c = static_cast<float>(covered) / 64.0F;
      const float v = c * s.inside + (1.0F - c) * s.outside + s.noise * (rng.uniform01() - 0.5F) * 2.0F;
      img.at(x, y) = static_cast<std::uint8_t>(std::clamp(std::lround(v), 0L, 255L));
    }
  }
  return img;
}

inline void add_glint(ImageU8& img, int gx, int gy, int radius, std::uint8_t value) {
  for (int y = gy - radius; y <= gy + radius; ++y) {
    for (int x = gx - radius; x <= gx + radius; ++x) {
      if (x >= 0 && y >= 0 && x < img.width() && y < img.height() && (x - gx) * (x - gx) + (y - gy) * (y - gy) <= radius * radius) {
        img.at(x, y) = value;
      }
    }
  }
}

}  // namespace pt::test
