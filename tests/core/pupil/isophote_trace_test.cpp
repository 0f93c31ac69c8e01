#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>
#include <utility>
#include <vector>

#include "pt/pupil/border_refinement.hpp"
#include "pt/pupil/border_sampling.hpp"
#include "pt/pupil/ray_sampling.hpp"
#include "pt/reproducible_math.hpp"
#include "pt_catch.hpp"

namespace {

// The definition trace_isophote keeps: each ray walked out from half the radius to one and a
// half radii in half-pixel steps, and the upward crossing nearest the ellipse kept (the inner
// one of two equally near). With the trace's own cosines (pt/reproducible_math.hpp), for the
// points are compared to the bit.
std::vector<pt::Point2f> walk_every_step(pt::CViewU8 image, pt::CViewU8 reflections, const pt::Ellipse& e, float level,
                                         int rays) {
  std::vector<pt::Point2f> points;
  const float c = pt::repro::cos(e.angle_rad);
  const float s = pt::repro::sin(e.angle_rad);
  for (int k = 0; k < rays; ++k) {
    const float t = 2.0F * std::numbers::pi_v<float> * static_cast<float>(k) / static_cast<float>(rays);
    const float ex = e.a * pt::repro::cos(t) * c - e.b * pt::repro::sin(t) * s;
    const float ey = e.a * pt::repro::cos(t) * s + e.b * pt::repro::sin(t) * c;
    const float radius = pt::repro::hypot(ex, ey);
    const float dx = ex / radius;
    const float dy = ey / radius;
    float best = -1.0F;
    float prev = 0.0F;
    bool prev_ok = false;
    for (float r = 0.5F * radius; r <= 1.5F * radius; r += 0.5F) {
      const float x = e.cx + r * dx;
      const float y = e.cy + r * dy;
      if (!pt::inside_image(image, x, y) || pt::marked(reflections, x, y)) {
        prev_ok = false;
        continue;
      }
      const float cur = pt::sample_bilinear(image, x, y);
      if (prev_ok && prev < level && cur >= level) {
        const float cross = r - 0.5F + 0.5F * (level - prev) / (cur - prev);
        if (best < 0.0F || std::abs(cross - radius) < std::abs(best - radius)) best = cross;
      }
      prev = cur;
      prev_ok = true;
    }
    if (best >= 0.0F) points.push_back({e.cx + best * dx, e.cy + best * dy});
  }
  return points;
}

}  // namespace

TEST_CASE("the isophote trace finds the very crossings a walk over every step finds") {
  std::mt19937 rng(20261122);
  std::uniform_real_distribution<float> unit(0.0F, 1.0F);
  int compared = 0;
  for (int scene = 0; scene < 300; ++scene) {
    // Noisy dark discs with rings of other greys around them (several crossings per ray), some
    // reaching out of the image, with reflections scattered over them.
    const int w = 60 + static_cast<int>(unit(rng) * 140.0F);
    const int h = 60 + static_cast<int>(unit(rng) * 140.0F);
    const float cx = unit(rng) * static_cast<float>(w);
    const float cy = unit(rng) * static_cast<float>(h);
    const float r0 = 6.0F + unit(rng) * 40.0F;
    pt::ImageU8 img(w, h);
    pt::ImageU8 mask(w, h, 0);
    for (int y = 0; y < h; ++y) {
      for (int x = 0; x < w; ++x) {
        const float d = std::hypot(static_cast<float>(x) - cx, static_cast<float>(y) - cy) / r0;
        const float grey = 40.0F + 90.0F / (1.0F + std::exp(-(d - 1.0F) * 12.0F)) +
                           30.0F * std::sin(d * 9.0F) * (d > 1.1F ? 1.0F : 0.0F) + 8.0F * unit(rng);
        img.at(x, y) = static_cast<std::uint8_t>(std::clamp(grey, 0.0F, 255.0F));
        if (unit(rng) < 0.01F) mask.at(x, y) = 255;
      }
    }
    pt::Ellipse e;
    e.cx = cx + (unit(rng) - 0.5F) * 4.0F;
    e.cy = cy + (unit(rng) - 0.5F) * 4.0F;
    e.a = r0 * (0.8F + 0.4F * unit(rng));
    e.b = e.a * (0.6F + 0.4F * unit(rng));
    e.angle_rad = unit(rng) * std::numbers::pi_v<float>;
    const float level = 50.0F + unit(rng) * 100.0F;
    const pt::CViewU8 reflections = scene % 2 == 0 ? pt::CViewU8{} : std::as_const(mask).view();
    std::vector<pt::Point2f> traced;
    pt::trace_isophote(std::as_const(img).view(), reflections, e, level, 64, traced);
    const auto expected = walk_every_step(std::as_const(img).view(), reflections, e, level, 64);
    CAPTURE(scene);
    REQUIRE(traced.size() == expected.size());
    for (std::size_t i = 0; i < traced.size(); ++i) {
      REQUIRE(traced[i].x == expected[i].x);
      REQUIRE(traced[i].y == expected[i].y);
    }
    compared += static_cast<int>(traced.size());
  }
  // The scenes gave crossings to compare on most rays.
  CHECK(compared > 300 * 20);
}

TEST_CASE("isophote radii stepped back give the walk's own sums, across powers of two") {
  std::mt19937 rng(20261125);
  std::uniform_real_distribution<float> unit(0.0F, 1.0F);
  int crossings = 0;
  for (int k = 0; k < 5000; ++k) {
    // Radii from a fraction of a pixel to past a thousand, many with full mantissas.
    const float radius = std::ldexp(0.5F + 0.5F * unit(rng), static_cast<int>(unit(rng) * 12.0F) - 1);
    CAPTURE(radius);
    const pt::IsophoteRadii radii(radius);
    std::vector<float> walk;
    for (float r = 0.5F * radius; r <= 1.5F * radius; r += 0.5F) walk.push_back(r);
    int forward_wrong = 0;
    float r = radii.first();
    for (const float expected : walk) {
      forward_wrong += r == expected && radii.reaches(r) ? 0 : 1;
      r = pt::IsophoteRadii::after(r);
    }
    REQUIRE(forward_wrong == 0);
    REQUIRE_FALSE(radii.reaches(r));
    int back_wrong = 0;
    for (std::size_t j = walk.size() - 1; j >= 1; --j) {
      back_wrong += radii.before(walk[j], static_cast<int>(j)) == walk[j - 1] ? 0 : 1;
      if (walk[j] - 0.5F != walk[j - 1]) ++crossings;
    }
    REQUIRE(back_wrong == 0);
  }
  // The walks rounded where they crossed powers of two, and stepping back there was retaken.
  CHECK(crossings > 250);
}
