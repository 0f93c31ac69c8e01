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

float dark_contrast(CViewU8 image, const Ellipse& e) {
  const float c = std::cos(e.angle_rad);
  const float s = std::sin(e.angle_rad);
  auto ring_mean = [&](float scale, float extra_px) {
    float sum = 0.0F;
    int n = 0;
    for (int k = 0; k < kContrastSamples; ++k) {
      const float t = 2.0F * std::numbers::pi_v<float> * static_cast<float>(k) / kContrastSamples;
      const float u = (e.a * scale + extra_px) * std::cos(t);
      const float v = (e.b * scale + extra_px) * std::sin(t);
      const int x = static_cast<int>(std::lround(e.cx + u * c - v * s));
      const int y = static_cast<int>(std::lround(e.cy + u * s + v * c));
      if (x < 0 || y < 0 || x >= image.width || y >= image.height) continue;
      sum += static_cast<float>(image.at(x, y));
      ++n;
    }
    return n > kContrastSamples / 4 ? sum / static_cast<float>(n) : -1.0F;
  };
  const float inside = ring_mean(0.6F, 0.0F);
  const float outside = ring_mean(1.0F, 4.0F);
  if (inside < 0.0F || outside < 0.0F) return 0.0F;
  return outside - inside;
}

float pupil_confidence(float support, float contrast, float edge_threshold) {
  // Full credit from three edge thresholds of contrast on; none at or below one threshold.
  const float t = std::max(edge_threshold, 1.0F);
  const float contrast_factor = std::clamp((contrast - t) / (2.0F * t), 0.0F, 1.0F);
  return std::clamp(support, 0.0F, 1.0F) * contrast_factor;
}

}  // namespace pt
