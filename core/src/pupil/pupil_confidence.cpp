#include "pt/pupil/pupil_confidence.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>

namespace pt {
namespace {

constexpr int kSectors = 36;
constexpr int kContrastSamples = 48;

}  // namespace

float border_support(const Ellipse& e, std::span<const Point2f> edges, std::span<const std::uint8_t> inlier) {
  std::array<bool, kSectors> hit{};
  const float c = std::cos(e.angle_rad);
  const float s = std::sin(e.angle_rad);
  for (std::size_t i = 0; i < edges.size() && i < inlier.size(); ++i) {
    if (inlier[i] == 0) continue;
    const float dx = edges[i].x - e.cx;
    const float dy = edges[i].y - e.cy;
    // Angles in the ellipse's own frame, so sectors cover equal arcs of an oblique pupil.
    const float u = (dx * c + dy * s) / e.a;
    const float v = (-dx * s + dy * c) / e.b;
    const float ang = std::atan2(v, u) + std::numbers::pi_v<float>;
    const int k = std::clamp(static_cast<int>(ang / (2.0F * std::numbers::pi_v<float>) * kSectors), 0, kSectors - 1);
    hit[static_cast<std::size_t>(k)] = true;
  }
  return static_cast<float>(std::count(hit.begin(), hit.end(), true)) / static_cast<float>(kSectors);
}

DarkDisc measure_dark_disc(CViewU8 image, const Ellipse& e, float edge_threshold) {
  const float c = std::cos(e.angle_rad);
  const float s = std::sin(e.angle_rad);
  // Samples on concentric rings in the ellipse's own frame; `visit` gets each grey value.
  auto ring = [&](float scale, float extra_px, auto&& visit) {
    for (int k = 0; k < kContrastSamples; ++k) {
      const float t = 2.0F * std::numbers::pi_v<float> * static_cast<float>(k) / kContrastSamples;
      const float u = (e.a * scale + extra_px) * std::cos(t);
      const float v = (e.b * scale + extra_px) * std::sin(t);
      const int x = static_cast<int>(std::lround(e.cx + u * c - v * s));
      const int y = static_cast<int>(std::lround(e.cy + u * s + v * c));
      if (x >= 0 && y >= 0 && x < image.width && y < image.height) visit(static_cast<float>(image.at(x, y)));
    }
  };
  float outside_sum = 0.0F;
  int outside_n = 0;
  ring(1.0F, 4.0F, [&](float g) {
    outside_sum += g;
    ++outside_n;
  });
  float inside_sum = 0.0F;
  int inside_n = 0;
  std::array<float, 3 * kContrastSamples> inside{};
  for (const float scale : {0.25F, 0.5F, 0.75F}) {
    ring(scale, 0.0F, [&](float g) {
      inside[static_cast<std::size_t>(inside_n++)] = g;
      inside_sum += g;
    });
  }
  DarkDisc d;
  if (outside_n < kContrastSamples / 4 || inside_n < kContrastSamples / 4) return d;
  const float outside_mean = outside_sum / static_cast<float>(outside_n);
  d.inside = inside_sum / static_cast<float>(inside_n);
  d.contrast = outside_mean - d.inside;
  const float dark_below = outside_mean - 2.0F * edge_threshold;
  const auto dark = std::count_if(inside.begin(), inside.begin() + inside_n, [&](float g) { return g < dark_below; });
  d.dark_fraction = static_cast<float>(dark) / static_cast<float>(inside_n);
  return d;
}

float pupil_confidence(float support, const DarkDisc& disc, float edge_threshold) {
  // Full credit from three edge thresholds of contrast on; none at or below one threshold.
  const float t = std::max(edge_threshold, 1.0F);
  const float contrast_factor = std::clamp((disc.contrast - t) / (2.0F * t), 0.0F, 1.0F);
  return std::clamp(support, 0.0F, 1.0F) * contrast_factor * disc.dark_fraction;
}

}  // namespace pt
