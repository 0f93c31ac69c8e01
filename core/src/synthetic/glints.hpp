#pragma once
// Corneal reflections of a half ring of infrared LEDs below the camera: small near-saturated
// spots on a semicircle around the lower half of the pupil. The cornea's reflection moves at
// about half the pupil's displacement, so over time the spots slide across the pupil border.
#include <array>

#include "eye_layout.hpp"
#include "rng.hpp"

namespace pt::synthetic {

inline constexpr int kGlintCount = 6;
inline constexpr double kGlintGazeFollow = 0.5;

struct GlintLed {
  double angle_rad = 0.0;    // around the ring, from +x, y down
  double ring_radius = 0.0;  // px
  double spot_radius = 0.0;  // px
  double peak = 0.0;         // grey level at the spot's centre
};

using LedRing = std::array<GlintLed, kGlintCount>;

struct GlintSpot {
  double x = 0.0;
  double y = 0.0;
  double radius = 0.0;
  double peak = 0.0;
};

[[nodiscard]] LedRing make_led_ring(const EyeLayout& eye, Rng& rng);

// Brightness weight of a spot at distance d from its centre: 1 inside, a soft 1.5 px edge.
[[nodiscard]] double glint_weight(double distance, double radius) noexcept;
// How far from its centre a spot still brightens pixels.
[[nodiscard]] inline double glint_reach(double radius) noexcept { return radius + 1.0; }

}  // namespace pt::synthetic
