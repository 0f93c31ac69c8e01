#include "pt/synthetic_eyes.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "pt_catch.hpp"

namespace {

// Plain pictures for checking geometry: no noise, nothing bright, nothing crossing the pupil.
pt::SyntheticConfig plain_config() {
  pt::SyntheticConfig c;
  c.noise_sigma = 0.0;
  c.glints = false;
  c.eyelashes = false;
  return c;
}

// Where (x, y) lies against the truth ellipse with both semi-axes grown by `grow` px:
// below 1 inside, above 1 outside.
double ellipse_level(const pt::Ellipse& e, double x, double y, double grow) {
  const double c = std::cos(e.angle_rad);
  const double s = std::sin(e.angle_rad);
  const double dx = x - e.cx;
  const double dy = y - e.cy;
  const double u = (dx * c + dy * s) / (e.a + grow);
  const double v = (-dx * s + dy * c) / (e.b + grow);
  return u * u + v * v;
}

bool same_truth(const pt::SyntheticFrameTruth& p, const pt::SyntheticFrameTruth& q) {
  if (p.index != q.index || p.time_s != q.time_s || p.eye_count != q.eye_count) return false;
  for (int i = 0; i < p.eye_count; ++i) {
    const auto& a = p.eyes[static_cast<std::size_t>(i)];
    const auto& b = q.eyes[static_cast<std::size_t>(i)];
    if (a.side != b.side || a.openness != b.openness || a.visible_fraction != b.visible_fraction ||
        a.region != b.region || a.pupil.cx != b.pupil.cx || a.pupil.cy != b.pupil.cy || a.pupil.a != b.pupil.a ||
        a.pupil.b != b.pupil.b || a.pupil.angle_rad != b.pupil.angle_rad) {
      return false;
    }
  }
  return true;
}

bool same_pixels(const pt::ImageU8& p, const pt::ImageU8& q) {
  const auto n = static_cast<std::size_t>(p.width()) * static_cast<std::size_t>(p.height());
  return std::equal(p.data(), p.data() + n, q.data());
}

bool both_open(const pt::SyntheticFrameTruth& t) {
  for (int i = 0; i < t.eye_count; ++i) {
    if (t.eyes[static_cast<std::size_t>(i)].openness != pt::EyeOpenness::Open) return false;
  }
  return true;
}

}  // namespace

TEST_CASE("the same seed gives the same frames and truth, bit for bit; another seed does not") {
  const pt::SyntheticConfig config;  // defaults: noise, glints, lashes, blinks, motion all on
  pt::SyntheticEyeRenderer first(config);
  pt::SyntheticEyeRenderer second(config);
  pt::SyntheticConfig other_config = config;
  other_config.seed = config.seed + 1;
  pt::SyntheticEyeRenderer other(other_config);
  pt::ImageU8 a(config.width, config.height);
  pt::ImageU8 b(config.width, config.height);
  pt::ImageU8 c(config.width, config.height);
  bool all_same = true;
  bool other_differs = false;
  for (int i = 0; i < 30; ++i) {
    const auto ta = first.render_next(a.view());
    const auto tb = second.render_next(b.view());
    const auto tc = other.render_next(c.view());
    all_same = all_same && same_truth(ta, tb) && same_pixels(a, b);
    other_differs = other_differs || !same_pixels(a, c) || !same_truth(ta, tc);
  }
  CHECK(all_same);
  CHECK(other_differs);
}

TEST_CASE("frame index and clock count from zero at the configured rate") {
  pt::SyntheticConfig config = plain_config();
  config.width = 320;
  config.height = 240;
  config.fps = 250.0;
  pt::SyntheticEyeRenderer renderer(config);
  pt::ImageU8 image(config.width, config.height);
  for (std::uint64_t i = 0; i < 5; ++i) {
    const auto truth = renderer.render_next(image.view());
    CHECK(truth.index == i);
    CHECK(truth.time_s == Approx(static_cast<double>(i) / 250.0));
  }
}

TEST_CASE("the truth ellipse is where the dark pupil is") {
  pt::SyntheticConfig config = plain_config();
  config.fps = 100.0;  // a long stretch of eye motion in few frames
  pt::SyntheticEyeRenderer renderer(config);
  pt::ImageU8 image(config.width, config.height);
  int checked = 0;
  for (int frame = 0; frame < 300; ++frame) {
    const auto truth = renderer.render_next(image.view());
    if (frame % 5 != 0) continue;
    for (int e = 0; e < truth.eye_count; ++e) {
      const auto& eye = truth.eyes[static_cast<std::size_t>(e)];
      if (eye.openness != pt::EyeOpenness::Open) continue;
      ++checked;
      double inner_sum = 0.0;
      double ring_sum = 0.0;
      int inner_n = 0;
      int ring_n = 0;
      double dark_x = 0.0;
      double dark_y = 0.0;
      int dark_n = 0;
      const pt::RectI r = eye.region;
      for (int y = r.y; y < r.y + r.h; ++y) {
        for (int x = r.x; x < r.x + r.w; ++x) {
          const int v = image.at(x, y);
          if (ellipse_level(eye.pupil, x, y, -3.0) <= 1.0) {
            inner_sum += v;
            ++inner_n;
          } else if (ellipse_level(eye.pupil, x, y, 2.0) > 1.0 && ellipse_level(eye.pupil, x, y, 4.0) <= 1.0) {
            ring_sum += v;
            ++ring_n;
          }
          // Halfway between the pupil (about 22) and the darkest iris (above 60).
          if (v < 42) {
            dark_x += x;
            dark_y += y;
            ++dark_n;
          }
        }
      }
      REQUIRE(inner_n > 0);
      REQUIRE(ring_n > 0);
      REQUIRE(dark_n > 0);
      const double inner_mean = inner_sum / inner_n;
      const double ring_mean = ring_sum / ring_n;
      CHECK(inner_mean < 50.0);
      CHECK(ring_mean > inner_mean + 30.0);
      CHECK(std::abs(dark_x / dark_n - eye.pupil.cx) < 0.3);
      CHECK(std::abs(dark_y / dark_n - eye.pupil.cy) < 0.3);
    }
  }
  CHECK(checked > 80);
}

TEST_CASE("the pupil's antialiased border crosses half grey on the truth ellipse") {
  // Straight gaze keeps the pupil round; its size still changes. Along the row through the
  // centre the profile runs radially, along the iris fibres, so the iris beside the border is
  // nearly flat and the half-grey crossing locates the border.
  pt::SyntheticConfig config = plain_config();
  config.gaze_motion = false;
  config.blinks = false;
  config.fps = 20.0;
  pt::SyntheticEyeRenderer renderer(config);
  pt::ImageU8 image(config.width, config.height);
  double outward_sum = 0.0;
  double worst = 0.0;
  int n = 0;
  for (int frame = 0; frame < 20; ++frame) {
    const auto truth = renderer.render_next(image.view());
    for (int e = 0; e < truth.eye_count; ++e) {
      const auto& pupil = truth.eyes[static_cast<std::size_t>(e)].pupil;
      const int y = static_cast<int>(std::lround(pupil.cy));
      const double dy = y - static_cast<double>(pupil.cy);
      const double half_chord = std::sqrt(static_cast<double>(pupil.a) * pupil.a - dy * dy);
      for (const int step : {-1, 1}) {
        const double edge = pupil.cx + step * half_chord;
        const int inside = static_cast<int>(std::lround(edge - step * 3.0));
        const int outside = static_cast<int>(std::lround(edge + step * 3.0));
        const double level = 0.5 * (image.at(outside, y) + image.at(inside, y));
        double crossing = inside;
        for (int x = inside; x != outside; x += step) {
          const double v0 = image.at(x, y);
          const double v1 = image.at(x + step, y);
          if ((v0 - level) * (v1 - level) <= 0.0 && v0 != v1) {
            crossing = x + step * (level - v0) / (v1 - v0);
            break;
          }
        }
        const double outward = step * (crossing - edge);
        outward_sum += outward;
        worst = std::max(worst, std::abs(outward));
        ++n;
      }
    }
  }
  CHECK(std::abs(outward_sum / n) < 0.08);  // no bias: the ramp is centred on the border
  CHECK(worst < 0.25);
}

TEST_CASE("blinks close both eyes now and then; the eyes are mostly open") {
  pt::SyntheticConfig config = plain_config();
  config.width = 640;
  config.height = 480;
  config.fps = 100.0;
  pt::SyntheticEyeRenderer renderer(config);
  pt::ImageU8 image(config.width, config.height);
  const int frames = 2000;  // 20 s
  int open = 0;
  int closed = 0;
  int closed_blink_starts = 0;
  bool was_closed = false;
  bool closed_means_hidden = true;
  for (int i = 0; i < frames; ++i) {
    const auto t = renderer.render_next(image.view());
    const bool left_closed = t.eyes[0].openness == pt::EyeOpenness::Closed;
    const bool right_closed = t.eyes[1].openness == pt::EyeOpenness::Closed;
    CHECK(left_closed == right_closed);
    if (left_closed) {
      ++closed;
      if (!was_closed) ++closed_blink_starts;
      closed_means_hidden = closed_means_hidden && t.eyes[0].visible_fraction == 0.0F && t.eyes[1].visible_fraction == 0.0F;
    }
    was_closed = left_closed;
    if (both_open(t)) ++open;
  }
  CHECK(closed_blink_starts >= 3);  // one every 2 to 5 s
  CHECK(closed > 0);
  CHECK(closed_means_hidden);
  CHECK(open > frames * 7 / 10);
}

TEST_CASE("without blinks the eyes never close") {
  pt::SyntheticConfig config = plain_config();
  config.width = 320;
  config.height = 240;
  config.fps = 50.0;
  config.blinks = false;
  config.gaze_motion = false;
  pt::SyntheticEyeRenderer renderer(config);
  pt::ImageU8 image(config.width, config.height);
  bool always_open = true;
  for (int i = 0; i < 500; ++i) always_open = always_open && both_open(renderer.render_next(image.view()));
  CHECK(always_open);
}

TEST_CASE("gaze moves the pupils together; without gaze motion they stay put") {
  pt::SyntheticConfig config = plain_config();
  config.fps = 100.0;
  config.width = 640;
  config.height = 480;
  SECTION("moving") {
    pt::SyntheticEyeRenderer renderer(config);
    pt::ImageU8 image(config.width, config.height);
    float min_x = 1e9F, max_x = -1e9F, min_y = 1e9F, max_y = -1e9F;
    bool conjugate = true;
    for (int i = 0; i < 500; ++i) {
      const auto t = renderer.render_next(image.view());
      const auto& l = t.eyes[0].pupil;
      const auto& r = t.eyes[1].pupil;
      min_x = std::min(min_x, l.cx);
      max_x = std::max(max_x, l.cx);
      min_y = std::min(min_y, l.cy);
      max_y = std::max(max_y, l.cy);
      // Both eyes are the same size and move alike: the right one is the left one shifted.
      conjugate = conjugate && std::abs((r.cx - l.cx) - 320.0F) < 1e-3F && std::abs(r.cy - l.cy) < 1e-3F;
    }
    CHECK(max_x - min_x > 30.0F);
    CHECK(max_y - min_y > 10.0F);
    CHECK(conjugate);
  }
  SECTION("still") {
    config.gaze_motion = false;
    pt::SyntheticEyeRenderer renderer(config);
    pt::ImageU8 image(config.width, config.height);
    const auto first = renderer.render_next(image.view());
    bool fixed = true;
    bool round = true;
    float min_a = first.eyes[0].pupil.a;
    float max_a = min_a;
    for (int i = 0; i < 500; ++i) {
      const auto t = renderer.render_next(image.view());
      fixed = fixed && t.eyes[0].pupil.cx == first.eyes[0].pupil.cx && t.eyes[0].pupil.cy == first.eyes[0].pupil.cy;
      round = round && t.eyes[0].pupil.a == t.eyes[0].pupil.b;
      min_a = std::min(min_a, t.eyes[0].pupil.a);
      max_a = std::max(max_a, t.eyes[0].pupil.a);
    }
    CHECK(fixed);
    CHECK(round);
    CHECK(max_a - min_a > 1.0F);  // the pupil still changes size
  }
}

TEST_CASE("off-centre gaze foreshortens the pupil across the displacement") {
  pt::SyntheticConfig config = plain_config();
  config.fps = 100.0;
  pt::SyntheticEyeRenderer renderer(config);
  pt::ImageU8 image(config.width, config.height);
  const pt::RectI region = renderer.eye_region(0);
  const double centre_x = region.x + (region.w - 1) * 0.5;
  const double centre_y = region.y + (region.h - 1) * 0.5;
  int checked = 0;
  for (int i = 0; i < 400; ++i) {
    const auto t = renderer.render_next(image.view());
    const auto& p = t.eyes[0].pupil;
    CHECK(p.a >= p.b);
    const double dx = p.cx - centre_x;
    const double dy = p.cy - centre_y;
    const double displacement = std::hypot(dx, dy);
    if (displacement < 30.0) continue;
    ++checked;
    CHECK(p.b < p.a);
    // The major axis is perpendicular to the displacement.
    const double along = std::abs(std::cos(p.angle_rad) * dx + std::sin(p.angle_rad) * dy) / displacement;
    CHECK(along < 1e-3);
  }
  CHECK(checked > 20);
}

TEST_CASE("pupil size stays in its range and varies") {
  pt::SyntheticConfig config = plain_config();
  config.width = 640;
  config.height = 480;
  config.fps = 50.0;
  pt::SyntheticEyeRenderer renderer(config);
  pt::ImageU8 image(config.width, config.height);
  const double region_width = renderer.eye_region(0).w;
  double smallest = 1e9;
  double largest = 0.0;
  for (int i = 0; i < 1500; ++i) {  // 30 s
    const double d = 2.0 * renderer.render_next(image.view()).eyes[0].pupil.a;
    smallest = std::min(smallest, d);
    largest = std::max(largest, d);
  }
  CHECK(smallest >= 0.07 * region_width);
  CHECK(largest <= 0.26 * region_width);
  CHECK(largest - smallest > 0.04 * region_width);
}

TEST_CASE("two eyes take the left and right halves; one eye takes the whole frame") {
  SECTION("binocular") {
    const pt::SyntheticConfig config = plain_config();
    pt::SyntheticEyeRenderer renderer(config);
    pt::ImageU8 image(config.width, config.height);
    CHECK(renderer.eye_region(0) == pt::RectI{0, 0, 640, 1024});
    CHECK(renderer.eye_region(1) == pt::RectI{640, 0, 640, 1024});
    CHECK(renderer.eye_region(2).empty());
    const auto t = renderer.render_next(image.view());
    REQUIRE(t.eye_count == 2);
    CHECK(t.eyes[0].side == pt::EyeSide::Left);
    CHECK(t.eyes[1].side == pt::EyeSide::Right);
    CHECK(t.eyes[0].pupil.cx < 640.0F);
    CHECK(t.eyes[1].pupil.cx > 640.0F);
    CHECK(t.eyes[0].region == renderer.eye_region(0));
    CHECK(t.eyes[1].region == renderer.eye_region(1));
  }
  SECTION("single") {
    pt::SyntheticConfig config = plain_config();
    config.eyes = 1;
    config.width = 640;
    config.height = 480;
    pt::SyntheticEyeRenderer renderer(config);
    pt::ImageU8 image(config.width, config.height);
    const auto t = renderer.render_next(image.view());
    REQUIRE(t.eye_count == 1);
    CHECK(t.eyes[0].side == pt::EyeSide::Single);
    CHECK(t.eyes[0].region == pt::RectI{0, 0, 640, 480});
    CHECK(std::abs(t.eyes[0].pupil.cx - 319.5F) < 120.0F);
  }
}

TEST_CASE("small frames render with every pupil inside its region") {
  for (const auto& [width, height, eyes] : {std::array<int, 3>{400, 200, 2}, std::array<int, 3>{320, 240, 1}}) {
    pt::SyntheticConfig config;
    config.width = width;
    config.height = height;
    config.eyes = eyes;
    config.fps = 100.0;
    pt::SyntheticEyeRenderer renderer(config);
    pt::ImageU8 image(width, height);
    bool inside = true;
    for (int i = 0; i < 300; ++i) {
      const auto t = renderer.render_next(image.view());
      for (int e = 0; e < t.eye_count; ++e) {
        const auto& eye = t.eyes[static_cast<std::size_t>(e)];
        const pt::RectI& r = eye.region;
        const double cx = eye.pupil.cx;
        const double cy = eye.pupil.cy;
        const double a = eye.pupil.a;
        inside = inside && cx - a > r.x && cx + a < r.x + r.w - 1 && cy - a > r.y && cy + a < r.y + r.h - 1 &&
                 eye.pupil.b > 2.0F;
      }
    }
    CHECK(inside);
  }
}

TEST_CASE("glints are near-saturated spots near the pupil, and absent when switched off") {
  pt::SyntheticConfig config = plain_config();
  config.width = 640;
  config.height = 480;
  config.fps = 100.0;
  for (const bool glints : {true, false}) {
    config.glints = glints;
    pt::SyntheticEyeRenderer renderer(config);
    pt::ImageU8 image(config.width, config.height);
    int open_frames = 0;
    int frames_with_glints = 0;
    int bright_anywhere = 0;
    for (int i = 0; i < 100; ++i) {
      const auto t = renderer.render_next(image.view());
      const auto& eye = t.eyes[0];
      if (eye.openness != pt::EyeOpenness::Open) continue;
      ++open_frames;
      int bright_near = 0;
      const pt::RectI r = eye.region;
      for (int y = r.y; y < r.y + r.h; ++y) {
        for (int x = r.x; x < r.x + r.w; ++x) {
          if (image.at(x, y) < 220) continue;
          ++bright_anywhere;
          if (ellipse_level(eye.pupil, x, y, eye.pupil.a) <= 1.0) ++bright_near;
        }
      }
      if (bright_near >= 6) ++frames_with_glints;
    }
    REQUIRE(open_frames > 50);
    if (glints) {
      CHECK(frames_with_glints == open_frames);
    } else {
      CHECK(bright_anywhere == 0);
    }
  }
}

TEST_CASE("eyelashes darken pixels near the upper lid and leave the truth alone") {
  pt::SyntheticConfig with = plain_config();
  with.width = 640;
  with.height = 480;
  with.eyelashes = true;
  pt::SyntheticConfig without = with;
  without.eyelashes = false;
  pt::SyntheticEyeRenderer a(with);
  pt::SyntheticEyeRenderer b(without);
  pt::ImageU8 ia(with.width, with.height);
  pt::ImageU8 ib(with.width, with.height);
  const auto ta = a.render_next(ia.view());
  const auto tb = b.render_next(ib.view());
  CHECK(same_truth(ta, tb));
  int darker = 0;
  int brighter = 0;
  int darker_below_pupil = 0;
  for (int y = 0; y < with.height; ++y) {
    for (int x = 0; x < with.width; ++x) {
      if (ia.at(x, y) + 20 < ib.at(x, y)) {
        ++darker;
        const auto& p = ta.eyes[x < 320 ? 0 : 1].pupil;
        if (y > static_cast<double>(p.cy + p.a)) ++darker_below_pupil;
      }
      if (ia.at(x, y) > ib.at(x, y)) ++brighter;
    }
  }
  CHECK(darker > 500);
  CHECK(brighter == 0);
  CHECK(darker_below_pupil < darker / 2);  // most lashes hang from the upper lid
}

TEST_CASE("blur and noise change pixels but not the truth") {
  pt::SyntheticConfig sharp = plain_config();
  sharp.width = 400;
  sharp.height = 200;
  pt::SyntheticConfig blurred = sharp;
  blurred.blur_sigma = 1.5;
  pt::SyntheticConfig noisy = sharp;
  noisy.noise_sigma = 3.0;
  pt::SyntheticEyeRenderer rs(sharp);
  pt::SyntheticEyeRenderer rb(blurred);
  pt::SyntheticEyeRenderer rn(noisy);
  pt::ImageU8 is(sharp.width, sharp.height);
  pt::ImageU8 ib(sharp.width, sharp.height);
  pt::ImageU8 in(sharp.width, sharp.height);
  for (int i = 0; i < 10; ++i) {
    const auto ts = rs.render_next(is.view());
    CHECK(same_truth(ts, rb.render_next(ib.view())));
    CHECK(same_truth(ts, rn.render_next(in.view())));
    CHECK_FALSE(same_pixels(is, ib));
    CHECK_FALSE(same_pixels(is, in));
  }
  // Noise of sigma 3 leaves the mean and moves pixels by about 3 grey levels.
  double sum = 0.0;
  double sum2 = 0.0;
  int n = 0;
  for (int y = 0; y < sharp.height; ++y) {
    for (int x = 0; x < sharp.width; ++x) {
      const double d = in.at(x, y) - is.at(x, y);
      sum += d;
      sum2 += d * d;
      ++n;
    }
  }
  CHECK(std::abs(sum / n) < 0.2);
  CHECK(std::sqrt(sum2 / n) == Approx(3.0).margin(0.3));
}

TEST_CASE("a burst of default frames renders into a strided view") {
  const pt::SyntheticConfig config;
  pt::SyntheticEyeRenderer renderer(config);
  const int stride = config.width + 64;
  std::vector<std::uint8_t> buffer(static_cast<std::size_t>(stride) * static_cast<std::size_t>(config.height), 7);
  const pt::ViewU8 view{buffer.data(), config.width, config.height, stride};
  for (int i = 0; i < 50; ++i) renderer.render_next(view);
  bool padding_untouched = true;
  for (int y = 0; y < config.height; ++y) {
    for (int x = config.width; x < stride; ++x) padding_untouched = padding_untouched && view.row(y)[x] == 7;
  }
  CHECK(padding_untouched);
}

TEST_CASE("the renderer refuses impossible configurations and mismatched outputs") {
  pt::SyntheticConfig bad;
  bad.eyes = 3;
  CHECK_THROWS_AS(pt::SyntheticEyeRenderer(bad), std::invalid_argument);
  bad = {};
  bad.fps = 0.0;
  CHECK_THROWS_AS(pt::SyntheticEyeRenderer(bad), std::invalid_argument);
  bad = {};
  bad.width = 16;
  CHECK_THROWS_AS(pt::SyntheticEyeRenderer(bad), std::invalid_argument);
  pt::SyntheticConfig small;
  small.width = 320;
  small.height = 240;
  pt::SyntheticEyeRenderer renderer(small);
  pt::ImageU8 wrong(321, 240);
  CHECK_THROWS_AS(renderer.render_next(wrong.view()), std::invalid_argument);
}
