#pragma once
// The per-sample rules of the fit's confidence (pupil_confidence.hpp): the sector of a border
// point, one neighbour difference of the noise estimate, one sample of the dark disc. Shared by
// the CPU and the device, which spreads the samples over threads and sums integers.
#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>

#include "pt/geometry.hpp"
#include "pt/host_device.hpp"
#include "pt/image.hpp"
#include "pt/pupil/border_sampling.hpp"
#include "pt/pupil/pupil_confidence.hpp"
#include "pt/reproducible_math.hpp"

namespace pt {

namespace confidence_rules {
constexpr int kSectors = 36;
constexpr int kContrastSamples = 48;
constexpr int kMinNoisePairs = 16;
constexpr std::array<float, 3> kInsideScales{0.25F, 0.5F, 0.75F};
constexpr float kOutsideExtraPx = 4.0F;  // the outside ring, just beyond the border
}  // namespace confidence_rules

// (x, y) in the ellipse's own frame, in units of its semi-axes.
[[nodiscard]] PT_HOST_DEVICE inline Point2f ellipse_coords(const EllipseFrame& f, float x, float y) noexcept {
  const float dx = x - f.e.cx;
  const float dy = y - f.e.cy;
  return {(dx * f.c + dy * f.s) / f.e.a, (-dx * f.s + dy * f.c) / f.e.b};
}

// The sector of border_support that holds `p`. Angles in the ellipse's own frame, so sectors
// cover equal arcs of an oblique pupil.
[[nodiscard]] PT_HOST_DEVICE inline int support_sector(const EllipseFrame& f, Point2f p) noexcept {
  using confidence_rules::kSectors;
  const Point2f q = ellipse_coords(f, p.x, p.y);
  const float ang = repro::atan2(q.y, q.x) + std::numbers::pi_v<float>;
  return std::clamp(static_cast<int>(ang / (2.0F * std::numbers::pi_v<float>) * kSectors), 0, kSectors - 1);
}

// Whether sector `s` of border_support has the middle of its stretch of border on a marked
// reflection. The search skips edges there, so a bare sector under a glint says nothing about
// the fit and is left out of the share instead of counting against it.
[[nodiscard]] PT_HOST_DEVICE inline bool sector_hidden(CViewU8 reflections, const EllipseFrame& f, int s) noexcept {
  using confidence_rules::kSectors;
  if (reflections.empty()) return false;
  constexpr float kPi = std::numbers::pi_v<float>;
  const float t = 2.0F * kPi * (static_cast<float>(s) + 0.5F) / static_cast<float>(kSectors) - kPi;
  const Point2f p = ring_point(f, 1.0F, 0.0F, t);
  const int x = static_cast<int>(std::lround(p.x));
  const int y = static_cast<int>(std::lround(p.y));
  if (x < 0 || y < 0 || x >= reflections.width || y >= reflections.height) return false;
  return reflections.at(x, y) != 0;
}

// The support from the sectors holding an inlier and the bare sectors hidden by reflections. A
// fit seen over less than half its border is judged as if the rest were bare: glints cannot
// vouch for it.
[[nodiscard]] PT_HOST_DEVICE inline float support_share(int hit, int hidden_bare) noexcept {
  using confidence_rules::kSectors;
  const int seen = std::max(kSectors - hidden_bare, kSectors / 2);
  return static_cast<float>(hit) / static_cast<float>(seen);
}

// The pixels estimate_noise reads: the inner half of the ellipse, clear of the border's blur
// and of most of its glints, and the rectangle around it.
struct NoiseWindow {
  EllipseFrame half;
  int x0 = 0;
  int x1 = -1;
  int y0 = 0;
  int y1 = -1;
};

[[nodiscard]] PT_HOST_DEVICE inline NoiseWindow noise_window(CViewU8 image, const Ellipse& e) noexcept {
  const float a = 0.5F * e.a;
  NoiseWindow w;
  w.half = ellipse_frame({e.cx, e.cy, a, 0.5F * e.b, e.angle_rad});
  w.x0 = std::max(0, static_cast<int>(std::floor(e.cx - a)));
  w.x1 = std::min(image.width - 1, static_cast<int>(std::ceil(e.cx + a)));
  w.y0 = std::max(0, static_cast<int>(std::floor(e.cy - a)));
  w.y1 = std::min(image.height - 1, static_cast<int>(std::ceil(e.cy + a)));
  return w;
}

// |image(x + 1, y) - image(x, y)| where both pixels lie in the inner half and off the
// reflections; -1 where the pair does not count.
[[nodiscard]] PT_HOST_DEVICE inline int noise_difference(const NoiseWindow& w, CViewU8 image, CViewU8 reflections,
                                                         int x, int y) noexcept {
  auto in_half = [&](int px) {
    const Point2f q = ellipse_coords(w.half, static_cast<float>(px), static_cast<float>(y));
    return q.x * q.x + q.y * q.y <= 1.0F;
  };
  if (!in_half(x) || !in_half(x + 1)) return -1;
  if (!reflections.empty() && (reflections.at(x, y) != 0 || reflections.at(x + 1, y) != 0)) return -1;
  const int d = static_cast<int>(image.at(x + 1, y)) - static_cast<int>(image.at(x, y));
  return d < 0 ? -d : d;
}

// The noise from the sum of `n` neighbour differences; 0 when too few to tell.
[[nodiscard]] PT_HOST_DEVICE inline float noise_from_differences(float sum, int n) noexcept {
  if (n < confidence_rules::kMinNoisePairs) return 0.0F;
  // For Gaussian noise of deviation sigma, a neighbour difference has mean size 2 sigma / sqrt(pi).
  return sum / static_cast<float>(n) * std::sqrt(std::numbers::pi_v<float>) / 2.0F;
}

// The dark disc's k-th sample on the ring of `scale` widened by `extra_px`: the grey of the
// nearest pixel, -1 outside the image or on a reflection (left unfilled, its glare is no part of
// the pupil's or the iris's grey; filled, it is a guess).
[[nodiscard]] PT_HOST_DEVICE inline int disc_grey(CViewU8 image, CViewU8 reflections, const EllipseFrame& f, float scale,
                                                  float extra_px, int k) noexcept {
  using confidence_rules::kContrastSamples;
  const Point2f p = ring_point(f, scale, extra_px, spread_angle(k, kContrastSamples));
  const int x = static_cast<int>(std::lround(p.x));
  const int y = static_cast<int>(std::lround(p.y));
  if (x < 0 || y < 0 || x >= image.width || y >= image.height) return -1;
  if (marked(reflections, static_cast<float>(x), static_cast<float>(y))) return -1;
  return image.at(x, y);
}

// The sums of the dark disc's samples: whole grey levels, exact in float in any order.
struct DiscSums {
  float outside = 0.0F;
  int outside_n = 0;
  float inside = 0.0F;
  int inside_n = 0;

  [[nodiscard]] PT_HOST_DEVICE bool enough() const noexcept {
    return outside_n >= confidence_rules::kContrastSamples / 4 && inside_n >= confidence_rules::kContrastSamples / 4;
  }
  [[nodiscard]] PT_HOST_DEVICE float outside_mean() const noexcept { return outside / static_cast<float>(outside_n); }
  // Inside samples below this count as dark.
  [[nodiscard]] PT_HOST_DEVICE float dark_below(float contrast_unit) const noexcept {
    return outside_mean() - 2.0F * floored_unit(contrast_unit);
  }
  // The disc, given how many inside samples are dark (call only when enough()).
  [[nodiscard]] PT_HOST_DEVICE DarkDisc disc(int dark) const noexcept {
    DarkDisc d;
    d.inside = inside / static_cast<float>(inside_n);
    d.contrast = outside_mean() - d.inside;
    d.dark_fraction = static_cast<float>(dark) / static_cast<float>(inside_n);
    return d;
  }
};

}  // namespace pt
