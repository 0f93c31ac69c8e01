#include "pt/pupil/pupil_confidence.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include "pt/pupil/confidence_sampling.hpp"

namespace pt {

using namespace confidence_rules;

float border_support(const Ellipse& e, std::span<const Point2f> edges, std::span<const std::uint8_t> inlier,
                     CViewU8 reflections) {
  std::array<bool, kSectors> hit{};
  const EllipseFrame f = ellipse_frame(e);
  for (std::size_t i = 0; i < edges.size() && i < inlier.size(); ++i) {
    if (inlier[i] != 0) hit[static_cast<std::size_t>(support_sector(f, edges[i]))] = true;
  }
  int hits = 0;
  int hidden_bare = 0;
  for (int s = 0; s < kSectors; ++s) {
    if (hit[static_cast<std::size_t>(s)]) {
      ++hits;
    } else if (sector_hidden(reflections, f, s)) {
      ++hidden_bare;
    }
  }
  return support_share(hits, hidden_bare);
}

float estimate_noise(CViewU8 image, CViewU8 reflections, const Ellipse& e) {
  const NoiseWindow w = noise_window(image, e);
  float sum = 0.0F;
  int n = 0;
  for (int y = w.y0; y <= w.y1; ++y) {
    for (int x = w.x0; x < w.x1; ++x) {
      const int d = noise_difference(w, image, reflections, x, y);
      if (d < 0) continue;
      sum += static_cast<float>(d);
      ++n;
    }
  }
  return noise_from_differences(sum, n);
}

DarkDisc measure_dark_disc(CViewU8 image, CViewU8 reflections, const Ellipse& e, float contrast_unit) {
  const EllipseFrame f = ellipse_frame(e);
  DiscSums sums;
  for (int k = 0; k < kContrastSamples; ++k) {
    const int g = disc_grey(image, reflections, f, 1.0F, kOutsideExtraPx, k);
    if (g < 0) continue;
    sums.outside += static_cast<float>(g);
    ++sums.outside_n;
  }
  std::array<float, kInsideScales.size() * kContrastSamples> inside{};
  for (const float scale : kInsideScales) {
    for (int k = 0; k < kContrastSamples; ++k) {
      const int g = disc_grey(image, reflections, f, scale, 0.0F, k);
      if (g < 0) continue;
      inside[static_cast<std::size_t>(sums.inside_n++)] = static_cast<float>(g);
      sums.inside += static_cast<float>(g);
    }
  }
  if (!sums.enough()) return {};
  const float dark_below = sums.dark_below(contrast_unit);
  const auto dark = std::count_if(inside.begin(), inside.begin() + sums.inside_n, [&](float g) { return g < dark_below; });
  return sums.disc(static_cast<int>(dark));
}

}  // namespace pt
