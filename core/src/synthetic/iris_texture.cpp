#include "iris_texture.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>

#include "value_noise.hpp"

namespace pt::synthetic {
namespace {

struct Crypt {
  double radius;  // share of the iris radius
  double angle;
  double strength;
};

double smoothstep(double e0, double e1, double x) noexcept {
  const double t = std::clamp((x - e0) / (e1 - e0), 0.0, 1.0);
  return t * t * (3.0 - 2.0 * t);
}

// Darkest iris grey: well above the pupil's, so a threshold halfway between separates them.
constexpr double kIrisFloor = 62.0;
constexpr double kIrisCeiling = 128.0;

}  // namespace

IrisTexture::IrisTexture(double radius, double brightness, Rng& rng)
    : size_(2 * (static_cast<int>(std::ceil(radius)) + margin()) + 1) {
  texels_.resize(static_cast<std::size_t>(size_) * static_cast<std::size_t>(size_));
  // Fibres run radially: the pattern depends on the angle, twisted slightly with the radius.
  const PeriodicNoise1D coarse_fibres(rng, 90);
  const PeriodicNoise1D fine_fibres(rng, 220);
  const PeriodicNoise1D collarette_wobble(rng, 14);
  const ValueNoise2D shading(rng, 6, 6);
  std::array<Crypt, 12> crypts{};
  for (Crypt& c : crypts) {
    c = {rng.uniform(0.45, 0.85), rng.uniform(0.0, 2.0 * std::numbers::pi), rng.uniform(10.0, 22.0)};
  }
  const double two_pi = 2.0 * std::numbers::pi;
  for (int j = 0; j < size_; ++j) {
    for (int i = 0; i < size_; ++i) {
      const double dx = i - centre();
      const double dy = j - centre();
      const double r = std::hypot(dx, dy);
      IrisTexel& texel = texels_[static_cast<std::size_t>(j) * static_cast<std::size_t>(size_) + static_cast<std::size_t>(i)];
      // The alpha ramp is 2 px wide and crosses one half at the iris radius.
      const double alpha = std::clamp((radius + 1.0 - r) / 2.0, 0.0, 1.0);
      if (alpha <= 0.0) continue;
      const double rho = r / radius;
      const double turns = std::atan2(dy, dx) / two_pi;  // [-0.5, 0.5]
      double grey = 96.0 + 8.0 * shading.at(3.0 + 3.0 * dx / radius, 3.0 + 3.0 * dy / radius);
      const double twist = 0.04 * rho;
      grey += 13.0 * coarse_fibres.at(90.0 * (turns + twist)) + 7.0 * fine_fibres.at(220.0 * (turns - twist));
      const double collarette_r = 0.42 + 0.03 * collarette_wobble.at(14.0 * turns);
      grey += 10.0 * std::exp(-std::pow((rho - collarette_r) / 0.04, 2.0));
      for (const Crypt& c : crypts) {
        const double dr = (rho - c.radius) / 0.05;
        const double da = std::remainder(turns * two_pi - c.angle, two_pi) * rho / 0.03;
        grey -= c.strength * std::exp(-(dr * dr + da * da));
      }
      grey -= 34.0 * smoothstep(0.78, 1.0, rho);  // the limbal ring
      grey += rng.uniform(-3.0, 3.0);
      grey = std::clamp(grey * brightness, kIrisFloor, kIrisCeiling);
      texel.grey = static_cast<std::uint8_t>(grey + 0.5);
      texel.alpha = static_cast<std::uint8_t>(alpha * 255.0 + 0.5);
    }
  }
}

}  // namespace pt::synthetic
