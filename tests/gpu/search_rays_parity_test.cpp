// The device's Starburst rays, border placement samples and confidence terms against the CPU's
// functions on the same images: the same decisions, the same border points in the same order,
// and the same levels, noise and disc, all to the bit (both sides run core's arithmetic with the
// same reproducible math), on synthetic eyes, random scenes with reflections and, when
// PT_GPU_REAL_FRAMES is set, real frames. The largest differences seen are printed.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "gpu_test_support.hpp"
#include "pgm_frames.hpp"
#include "pt/gpu/stream.hpp"
#include "pt/imgproc/gaussian_filter.hpp"
#include "pt/pupil/border_refinement.hpp"
#include "pt/pupil/border_sampling.hpp"
#include "pt/pupil/pupil_confidence.hpp"
#include "pt/pupil/starburst.hpp"
#include "pt/random.hpp"
#include "pt_catch.hpp"
#include "search/border_levels.hpp"
#include "search/confidence_measures.hpp"
#include "search/ray_casting.hpp"

namespace {

float uniform(pt::SplitMix64& rng, float lo, float hi) { return lo + (hi - lo) * rng.uniform01(); }

// An eye image with its reflection mask and what the cases around its pupil are drawn from.
struct Scene {
  std::string name;
  pt::ImageU8 image;
  pt::ImageU8 mask;  // reflections; may be empty (width 0)
  pt::Ellipse pupil;
};

pt::ImageU8 smoothed(const pt::ImageU8& image) {
  pt::ImageU8 out(image.width(), image.height());
  pt::GaussianFilter(5, 2.0).apply(image.view(), out.view());
  return out;
}

// Reflections as the tracker marks them: the brightest pixels, grown by one.
pt::ImageU8 bright_mask(const pt::ImageU8& image, int threshold) {
  pt::ImageU8 mask(image.width(), image.height(), 0);
  for (int y = 0; y < image.height(); ++y) {
    for (int x = 0; x < image.width(); ++x) {
      if (image.view().at(x, y) < threshold) continue;
      for (int dy = -1; dy <= 1; ++dy) {
        for (int dx = -1; dx <= 1; ++dx) {
          const int u = std::clamp(x + dx, 0, image.width() - 1);
          const int v = std::clamp(y + dy, 0, image.height() - 1);
          mask.view().at(u, v) = 255;
        }
      }
    }
  }
  return mask;
}

// The darkest blob's centre and size: a pupil to draw cases around on images without truth.
pt::Ellipse dark_blob(const pt::ImageU8& image) {
  int darkest = 255;
  for (int y = 0; y < image.height(); ++y) {
    for (int x = 0; x < image.width(); ++x) darkest = std::min<int>(darkest, image.view().at(x, y));
  }
  double sx = 0.0;
  double sy = 0.0;
  long long n = 0;
  for (int y = 0; y < image.height(); ++y) {
    for (int x = 0; x < image.width(); ++x) {
      if (image.view().at(x, y) > darkest + 25) continue;
      sx += x;
      sy += y;
      ++n;
    }
  }
  const float r = std::max(6.0F, static_cast<float>(std::sqrt(static_cast<double>(n) / 3.14159)));
  return {static_cast<float>(sx / static_cast<double>(n)), static_cast<float>(sy / static_cast<double>(n)), r, r, 0.0F};
}

// A dark disc inside a mid-grey iris ring on a brighter background, with noise and glints (most
// of them marked as reflections), some reaching past the image's edge.
Scene random_scene(int index, pt::SplitMix64& rng) {
  const int w = 60 + static_cast<int>(rng.next() % 220);
  const int h = 50 + static_cast<int>(rng.next() % 200);
  pt::Ellipse p{uniform(rng, 0.1F, 0.9F) * static_cast<float>(w), uniform(rng, 0.1F, 0.9F) * static_cast<float>(h),
                uniform(rng, 6.0F, 45.0F), 0.0F, uniform(rng, 0.0F, 3.14159F)};
  p.b = p.a * uniform(rng, 0.6F, 1.0F);
  const float iris = uniform(rng, 1.4F, 2.5F);
  const float dark = uniform(rng, 10.0F, 60.0F);
  const float mid = dark + uniform(rng, 5.0F, 60.0F);
  const float bright = mid + uniform(rng, 0.0F, 80.0F);
  const float noise = uniform(rng, 0.0F, 6.0F);
  const float c = std::cos(p.angle_rad);
  const float s = std::sin(p.angle_rad);
  pt::ImageU8 img(w, h);
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      const float dx = static_cast<float>(x) - p.cx;
      const float dy = static_cast<float>(y) - p.cy;
      const float u = (dx * c + dy * s) / p.a;
      const float v = (-dx * s + dy * c) / p.b;
      const float r = std::sqrt(u * u + v * v);
      // Soft steps a pixel or two wide, as blur leaves them.
      const float edge = std::clamp((r - 1.0F) * p.a / 1.5F + 0.5F, 0.0F, 1.0F);
      const float outer = std::clamp((r - iris) * p.a / 2.0F + 0.5F, 0.0F, 1.0F);
      float g = dark + (mid - dark) * edge + (bright - mid) * outer;
      g += noise * (uniform(rng, -1.0F, 1.0F) + uniform(rng, -1.0F, 1.0F));
      img.view().at(x, y) = static_cast<std::uint8_t>(std::clamp(g, 0.0F, 255.0F));
    }
  }
  const int glints = static_cast<int>(rng.next() % 6);
  for (int i = 0; i < glints; ++i) {
    const float gx = p.cx + uniform(rng, -1.5F, 1.5F) * p.a;
    const float gy = p.cy + uniform(rng, -1.5F, 1.5F) * p.a;
    const float gr = uniform(rng, 1.0F, 5.0F);
    for (int y = std::max(0, static_cast<int>(gy - gr)); y <= std::min(h - 1, static_cast<int>(gy + gr)); ++y) {
      for (int x = std::max(0, static_cast<int>(gx - gr)); x <= std::min(w - 1, static_cast<int>(gx + gr)); ++x) {
        if (std::hypot(static_cast<float>(x) - gx, static_cast<float>(y) - gy) <= gr) img.view().at(x, y) = 250;
      }
    }
  }
  Scene scene{"random " + std::to_string(index), rng.next() % 3 == 0 ? img : smoothed(img), {}, p};
  if (rng.next() % 4 != 0) scene.mask = bright_mask(scene.image, 240);
  return scene;
}

// What the parity checks found, over all cases.
struct Tally {
  int cases = 0;
  int ray_points = 0;
  int level_searches = 0;
  int gradient_searches = 0;
  int levels_measured = 0;
  int rises = 0;
  int two_steps = 0;
  int isophote_points = 0;
  int noisy = 0;
  int dark_discs = 0;
  int hidden_supports = 0;  // supports that reflections hiding bare sectors changed
  // Points not at the CPU's position to the bit.
  int moved_ray_points = 0;
  int moved_isophote_points = 0;
  float max_position = 0.0F;
  float max_relative = 0.0F;

  void print(const char* what) const {
    std::printf(
        "rays parity, %s: %d cases; %d ray points (%d level, %d gradient searches), %d levels, %d rises, %d two-step, "
        "%d isophote points, %d noise, %d discs, %d supports with hidden sectors; moved %d ray and %d isophote "
        "points, max |position| %.3g px, max relative %.3g\n",
        what, cases, ray_points, level_searches, gradient_searches, levels_measured, rises, two_steps, isophote_points,
        noisy, dark_discs, hidden_supports, moved_ray_points, moved_isophote_points, static_cast<double>(max_position),
        static_cast<double>(max_relative));
  }
};

void require_equal(float gpu, float cpu, Tally& tally, const std::string& what) {
  const float rel = std::abs(gpu - cpu) / std::max(1.0F, std::abs(cpu));
  tally.max_relative = std::max(tally.max_relative, rel);
  INFO(what << ": gpu " << gpu << " cpu " << cpu);
  REQUIRE(gpu == cpu);
}

void require_same_points(const std::vector<pt::Point2f>& gpu, const std::vector<pt::Point2f>& cpu, Tally& tally,
                         int& moved, const std::string& what) {
  INFO(what);
  REQUIRE(gpu.size() == cpu.size());
  for (std::size_t i = 0; i < cpu.size(); ++i) {
    const float d = std::max(std::abs(gpu[i].x - cpu[i].x), std::abs(gpu[i].y - cpu[i].y));
    tally.max_position = std::max(tally.max_position, d);
    moved += d > 0.0F ? 1 : 0;
    INFO("point " << i << ": gpu (" << gpu[i].x << ", " << gpu[i].y << ") cpu (" << cpu[i].x << ", " << cpu[i].y << ")");
    REQUIRE(gpu[i].x == cpu[i].x);
    REQUIRE(gpu[i].y == cpu[i].y);
  }
}

pt::CViewU8 device_view_or_empty(const std::optional<pt::gpu::DeviceImageU8>& image) {
  return image ? pt::test::device_view(*image) : pt::CViewU8{};
}

// One case: rays from `seed`, and the border placement and confidence of the fit `e`.
void check_case(const Scene& scene, pt::CViewU8 gimg, pt::CViewU8 gmask, pt::Point2f seed, const pt::Ellipse& e,
                pt::SplitMix64& rng, Tally& tally) {
  const pt::CViewU8 img = scene.image.view();
  const pt::CViewU8 mask = scene.mask.width() > 0 ? pt::CViewU8(scene.mask.view()) : pt::CViewU8{};
  const std::string where = scene.name + " seed (" + std::to_string(seed.x) + ", " + std::to_string(seed.y) +
                            ") ellipse (" + std::to_string(e.cx) + ", " + std::to_string(e.cy) + ", " +
                            std::to_string(e.a) + ", " + std::to_string(e.b) + ", " + std::to_string(e.angle_rad) + ")";
  ++tally.cases;

  // Rays, by level and by gradient.
  pt::StarburstParams sp;
  sp.rays = 8 + static_cast<int>(rng.next() % 40);
  sp.second_stage_rays = 1 + static_cast<int>(rng.next() % 12);
  const bool by_level = rng.next() % 3 != 0;
  const float reach = uniform(rng, 0.5F, 2.5F) * e.a + 2.0F;
  const pt::RayCriterion criterion = by_level ? pt::RayCriterion::rising_through(uniform(rng, 15.0F, 120.0F), reach)
                                              : pt::RayCriterion::steeper_than(uniform(rng, 2.0F, 15.0F), reach);
  (by_level ? tally.level_searches : tally.gradient_searches)++;
  std::vector<pt::Point2f> first_stage;
  std::vector<pt::Point2f> edges;
  pt::cast_starburst_rays(img, mask, seed, sp, criterion, first_stage, edges);
  const pt::gpu::search::CastRays cast = pt::gpu::search::cast_rays_on_device(gimg, gmask, seed, sp, criterion);
  REQUIRE(cast.cast.ok);
  require_same_points(cast.edges, edges, tally, tally.moved_ray_points, "rays " + where);
  tally.ray_points += static_cast<int>(edges.size());

  // Border levels, rise, the two-step decision.
  const float blur = uniform(rng, 1.0F, 6.0F);
  const auto levels = pt::measure_border_levels(img, mask, e, blur);
  const pt::gpu::search::LevelsResult glevels = pt::gpu::search::border_levels_on_device(gimg, gmask, e, blur);
  INFO("levels " << where);
  REQUIRE(glevels.ok == levels.has_value());
  float level = uniform(rng, 20.0F, 100.0F);
  if (levels) {
    ++tally.levels_measured;
    require_equal(glevels.value.inside, levels->inside, tally, "inside level " + where);
    require_equal(glevels.value.outside, levels->outside, tally, "outside level " + where);
    const auto rise = pt::border_rise_px(img, mask, e, *levels);
    const pt::gpu::search::RiseResult grise = pt::gpu::search::border_rise_on_device(gimg, gmask, e, *levels);
    REQUIRE(grise.ok == rise.has_value());
    if (rise) {
      ++tally.rises;
      require_equal(grise.rise_px, *rise, tally, "rise " + where);
    }
    level = 0.5F * (levels->inside + levels->outside);
  }
  const bool two = pt::rises_in_two_steps(img, mask, e, blur);
  REQUIRE(pt::gpu::search::two_step_on_device(gimg, gmask, true, e, blur) == two);
  REQUIRE(pt::gpu::search::two_step_on_device(gimg, gmask, false, e, blur));
  tally.two_steps += two ? 1 : 0;

  // The isophote trace.
  std::vector<pt::Point2f> border;
  pt::trace_isophote(img, mask, e, level, pt::kBorderRays, border);
  const pt::gpu::search::TracedIsophote traced =
      pt::gpu::search::trace_isophote_on_device(gimg, gmask, e, level, pt::kBorderRays);
  REQUIRE(traced.trace.ok);
  require_same_points(traced.points, border, tally, tally.moved_isophote_points, "isophote " + where);
  tally.isophote_points += static_cast<int>(border.size());

  // Confidence terms of the fit over the ray points, some marked inliers.
  std::vector<std::uint8_t> inlier(edges.size());
  for (auto& f : inlier) f = rng.next() % 4 != 0 ? 1 : 0;
  const float support = pt::border_support(e, edges, inlier, mask);
  tally.hidden_supports += support != pt::border_support(e, edges, inlier) ? 1 : 0;
  const float noise = pt::estimate_noise(img, mask, e);
  const pt::DarkDisc disc = pt::measure_dark_disc(img, mask, e, noise);
  const float confidence = pt::pupil_confidence(support, disc, noise);
  const pt::gpu::search::ConfidenceTerms terms = pt::gpu::search::confidence_on_device(gimg, gimg, gmask, e, edges, inlier);
  REQUIRE(terms.support == support);
  require_equal(terms.noise, noise, tally, "noise " + where);
  require_equal(terms.disc.inside, disc.inside, tally, "disc inside " + where);
  require_equal(terms.disc.contrast, disc.contrast, tally, "disc contrast " + where);
  require_equal(terms.disc.dark_fraction, disc.dark_fraction, tally, "dark fraction " + where);
  require_equal(terms.confidence, confidence, tally, "confidence " + where);
  tally.noisy += noise > 0.0F ? 1 : 0;
  tally.dark_discs += disc.dark_fraction > 0.5F ? 1 : 0;
}

// Cases around the scene's pupil: seeds near its centre, ellipses near it in size and shape.
void check_scene(const Scene& scene, const pt::gpu::Stream& stream, pt::SplitMix64& rng, int cases, Tally& tally) {
  const pt::gpu::DeviceImageU8 image = pt::test::to_device(scene.image.view(), stream);
  std::optional<pt::gpu::DeviceImageU8> mask;
  if (scene.mask.width() > 0) mask.emplace(pt::test::to_device(scene.mask.view(), stream));
  const pt::Ellipse& p = scene.pupil;
  for (int i = 0; i < cases; ++i) {
    const pt::Point2f seed{p.cx + uniform(rng, -0.5F, 0.5F) * p.a, p.cy + uniform(rng, -0.5F, 0.5F) * p.a};
    pt::Ellipse e = p;
    e.cx += uniform(rng, -0.2F, 0.2F) * p.a;
    e.cy += uniform(rng, -0.2F, 0.2F) * p.a;
    e.a = std::clamp(p.a * uniform(rng, 0.7F, 1.3F), 3.0F, 190.0F);
    e.b = e.a * uniform(rng, 0.6F, 1.0F);
    e.angle_rad = i == 0 ? p.angle_rad : uniform(rng, -3.14159F, 3.14159F);
    check_case(scene, pt::test::device_view(image), device_view_or_empty(mask), seed, e, rng, tally);
  }
}

Scene eye_scene(const std::string& name, const pt::ImageU8& eye) {
  return {name, eye, bright_mask(eye, 230), dark_blob(eye)};
}

}  // namespace

TEST_CASE("device rays, border samples and confidence equal the CPU's on random scenes") {
  const pt::gpu::Stream stream;
  pt::SplitMix64 rng(20261122);
  Tally tally;
  const int scenes = pt::test::small_frames_only() ? 6 : 150;
  for (int i = 0; i < scenes; ++i) check_scene(random_scene(i, rng), stream, rng, 4, tally);
  tally.print("random scenes");
  // The cases must reach every branch compared.
  CHECK(tally.ray_points > 0);
  CHECK(tally.level_searches > 0);
  CHECK(tally.gradient_searches > 0);
  CHECK(tally.rises > 0);
  CHECK(tally.two_steps > 0);
  CHECK(tally.two_steps < tally.cases);
  CHECK(tally.isophote_points > 0);
  CHECK(tally.noisy > 0);
  CHECK(tally.dark_discs > 0);
  CHECK(tally.hidden_supports > 0);
}

TEST_CASE("device rays, border samples and confidence equal the CPU's on synthetic eyes") {
  const pt::gpu::Stream stream;
  pt::SplitMix64 rng(5);
  Tally tally;
  for (const pt::test::EyeImage& eye : pt::test::synthetic_eye_regions()) {
    if (eye.pixels.width() < 40 || eye.pixels.height() < 40) continue;
    check_scene(eye_scene(eye.name, eye.pixels), stream, rng, pt::test::small_frames_only() ? 2 : 12, tally);
    check_scene(eye_scene(eye.name + " smoothed", smoothed(eye.pixels)), stream, rng,
                pt::test::small_frames_only() ? 1 : 6, tally);
  }
  tally.print("synthetic eyes");
  CHECK(tally.isophote_points > 0);
  CHECK(tally.dark_discs > 0);
}

TEST_CASE("device rays, border samples and confidence equal the CPU's on real frames") {
  const auto eyes = pt::test::real_eyes(20);
  if (!eyes) {
    WARN("PT_GPU_REAL_FRAMES not set: real frames not compared");
    return;
  }
  REQUIRE(!eyes->empty());
  const pt::gpu::Stream stream;
  pt::SplitMix64 rng(13);
  Tally tally;
  for (const pt::test::RealEye& eye : *eyes) check_scene(eye_scene(eye.name, smoothed(eye.pixels)), stream, rng, 4, tally);
  tally.print("real frames");
  CHECK(tally.isophote_points > 0);
}
