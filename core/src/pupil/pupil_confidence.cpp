#include "pt/pupil/pupil_confidence.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>

namespace pt {
namespace {

constexpr int kSectors = 36;
constexpr int kContrastSamples = 48;

// A contrast unit is never less than one grey level, the finest step the image can show.
float floored_unit(float contrast_unit) noexcept { return std::max(contrast_unit, 1.0F); }

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

float estimate_noise(CViewU8 image, CViewU8 reflections, const Ellipse& e) {
  // The inner half: clear of the border's blur, and of most of its glints.
  const float a = 0.5F * e.a;
  const float b = 0.5F * e.b;
  const float c = std::cos(e.angle_rad);
  const float s = std::sin(e.angle_rad);
  auto in_half = [&](int x, int y) {
    const float dx = static_cast<float>(x) - e.cx;
    const float dy = static_cast<float>(y) - e.cy;
    const float u = (dx * c + dy * s) / a;
    const float v = (-dx * s + dy * c) / b;
    return u * u + v * v <= 1.0F;
  };
  const int x0 = std::max(0, static_cast<int>(std::floor(e.cx - a)));
  const int x1 = std::min(image.width - 1, static_cast<int>(std::ceil(e.cx + a)));
  const int y0 = std::max(0, static_cast<int>(std::floor(e.cy - a)));
  const int y1 = std::min(image.height - 1, static_cast<int>(std::ceil(e.cy + a)));
  float sum = 0.0F;
  int n = 0;
  for (int y = y0; y <= y1; ++y) {
    for (int x = x0; x < x1; ++x) {
      if (!in_half(x, y) || !in_half(x + 1, y)) continue;
      if (!reflections.empty() && (reflections.at(x, y) != 0 || reflections.at(x + 1, y) != 0)) continue;
      sum += std::abs(static_cast<float>(image.at(x + 1, y)) - static_cast<float>(image.at(x, y)));
      ++n;
    }
  }
  constexpr int kMinPairs = 16;
  if (n < kMinPairs) return 0.0F;
  // For Gaussian noise of deviation sigma, a neighbour difference has mean size 2 sigma / sqrt(pi).
  return sum / static_cast<float>(n) * std::sqrt(std::numbers::pi_v<float>) / 2.0F;
}

DarkDisc measure_dark_disc(CViewU8 image, const Ellipse& e, float contrast_unit) {
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
  const float dark_below = outside_mean - 2.0F * floored_unit(contrast_unit);
  const auto dark = std::count_if(inside.begin(), inside.begin() + inside_n, [&](float g) { return g < dark_below; });
  d.dark_fraction = static_cast<float>(dark) / static_cast<float>(inside_n);
  return d;
}

float pupil_confidence(float support, const DarkDisc& disc, float contrast_unit) {
  // Full credit from three units of contrast on; none at or below one.
  const float t = floored_unit(contrast_unit);
  const float contrast_factor = std::clamp((disc.contrast - t) / (2.0F * t), 0.0F, 1.0F);
  return std::clamp(support, 0.0F, 1.0F) * contrast_factor * disc.dark_fraction;
}

}  // namespace pt
