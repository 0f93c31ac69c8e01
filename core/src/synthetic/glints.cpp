#include "glints.hpp"

#include <algorithm>
#include <numbers>

namespace pt::synthetic {

LedRing make_led_ring(const EyeLayout& eye, Rng& rng) {
  LedRing ring{};
  // Spot radius is 2 to 5 px for a 640 px wide eye region; it stays visible when smaller.
  const double scale = eye.unit / 640.0;
  for (int i = 0; i < kGlintCount; ++i) {
    GlintLed& led = ring[static_cast<std::size_t>(i)];
    led.angle_rad = std::numbers::pi * (i + 0.5) / kGlintCount + rng.uniform(-0.07, 0.07);
    led.ring_radius = eye.glint_ring_radius * rng.uniform(0.95, 1.05);
    led.spot_radius = std::clamp(scale * rng.uniform(2.0, 4.5), 1.5, 5.0);
    led.peak = rng.uniform(236.0, 255.0);
  }
  return ring;
}

double glint_weight(double distance, double radius) noexcept {
  const double t = std::clamp((radius + 0.75 - distance) / 1.5, 0.0, 1.0);
  return t * t * (3.0 - 2.0 * t);
}

}  // namespace pt::synthetic
