#include "background_layers.hpp"

#include <algorithm>
#include <cmath>

#include "value_noise.hpp"

namespace pt::synthetic {
namespace {

std::uint8_t to_grey(double v) noexcept { return static_cast<std::uint8_t>(std::clamp(v + 0.5, 0.0, 255.0)); }

double gaussian(double d) noexcept { return std::exp(-d * d); }

// The skin's darkening by one eye: the socket's shadow, the upper lid's crease and the fold
// under the lower lid.
double skin_relief(const EyeLayout& e, double x, double y) noexcept {
  const double sx = (x - e.centre_x) / (1.2 * e.lid_half_width);
  const double sy = (y - e.centre_y) / (0.42 * e.unit);
  double shade = -26.0 * std::exp(-1.6 * (sx * sx + sy * sy));

  const double tc = (x - e.centre_x) / (1.12 * e.lid_half_width);
  const double pc = 1.0 - tc * tc;
  if (pc > 0.0) {
    const double crease_y = e.centre_y - (e.upper_lid_height + 0.07 * e.unit) * std::sqrt(pc);
    shade -= 16.0 * pc * gaussian((y - crease_y) / (0.012 * e.unit));
  }
  const double tl = (x - e.centre_x) / (1.05 * e.lid_half_width);
  const double pl = 1.0 - tl * tl;
  if (pl > 0.0) {
    const double fold_y = e.centre_y + (e.lower_lid_height + 0.05 * e.unit) * pl;
    shade -= 9.0 * pl * gaussian((y - fold_y) / (0.02 * e.unit));
  }
  return shade;
}

// The white of the eye: brightest beside the cornea, greyer towards the corners and the lids,
// with the caruncle's darker tissue in the nasal corner.
double sclera_grey(const EyeLayout& e, double x, double y, double texture) noexcept {
  const double t = (x - e.centre_x) / e.lid_half_width;
  const double v = (y - e.centre_y) / (0.2 * e.unit);
  // The nose lies towards the frame's middle: right of the left eye, left of the right eye.
  const double nasal_t = e.side == EyeSide::Right ? -t : t;
  const double caruncle = std::clamp((nasal_t - 0.78) / 0.2, 0.0, 1.0);
  return 186.0 - 30.0 * t * t - 14.0 * v * v - 45.0 * caruncle * caruncle + 5.0 * texture;
}

}  // namespace

double vignetting(double x, double y, int width, int height) noexcept {
  const double hx = 0.5 * (width - 1);
  const double hy = 0.5 * (height - 1);
  const double dx = x - hx;
  const double dy = y - hy;
  const double r2 = (dx * dx + dy * dy) / (hx * hx + hy * hy);
  return 1.0 - 0.4 * r2 * std::sqrt(r2);
}

BackgroundLayers make_background_layers(int width, int height, const std::vector<EyeLayout>& eyes, Rng& rng) {
  BackgroundLayers layers{ImageU8(width, height), ImageU8(width, height)};
  const double cell = 0.3 * eyes.front().unit;  // skin blotches about a third of an eye wide
  const ValueNoise2D blotches(rng, static_cast<int>(width / cell) + 1, static_cast<int>(height / cell) + 1);
  const ValueNoise2D mottling(rng, static_cast<int>(3.0 * width / cell) + 1, static_cast<int>(3.0 * height / cell) + 1);
  const ValueNoise2D sclera_texture(rng, static_cast<int>(6.0 * width / cell) + 1,
                                    static_cast<int>(6.0 * height / cell) + 1);
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      const double u = x / cell;
      const double v = y / cell;
      double skin = 142.0 + 12.0 * blotches.at(u, v) + 4.0 * mottling.at(3.0 * u, 3.0 * v) + rng.uniform(-3.0, 3.0);
      const double vig = vignetting(x, y, width, height);
      double sclera = skin;
      for (const EyeLayout& e : eyes) {
        if (x < e.region.x || x >= e.region.x + e.region.w) continue;
        skin += skin_relief(e, x, y);
        sclera = sclera_grey(e, x, y, sclera_texture.at(6.0 * u, 6.0 * v));
      }
      layers.skin.at(x, y) = to_grey(skin * vig);
      layers.sclera.at(x, y) = to_grey(sclera * vig);
    }
  }
  return layers;
}

}  // namespace pt::synthetic
