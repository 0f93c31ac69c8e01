// Tracking-window mode: the search follows the pupil in a window around its last position, and
// a pupil that jumps out of the window is found in the whole region in that same frame.
#include <cmath>
#include <utility>

#include "disc_image.hpp"
#include "pt/frame_pool.hpp"
#include "pt/pupil/pupil_detector.hpp"
#include "pt/pupil/tracking_window.hpp"
#include "pt_catch.hpp"

namespace {

constexpr int kWidth = 480;
constexpr int kHeight = 360;

pt::PupilMeasurement track(pt::PupilDetector& detector, pt::FramePool& pool, const pt::test::DiscScene& disc,
                           int index, const pt::DetectorParams& params) {
  const pt::ImageU8 image = pt::test::render_disc(kWidth, kHeight, disc);
  auto frame = pool.try_acquire();
  REQUIRE(frame.has_value());
  pt::copy_pixels(image.view(), frame->pixels());
  frame->info().timestamp_s = index / 500.0;
  const pt::EyeRegion regions[] = {{pt::EyeSide::Single, {0, 0, kWidth, kHeight}}};
  detector.submit(std::move(*frame), regions, params);
  auto done = detector.collect(true);
  REQUIRE(done.has_value());
  return done->eyes.front();
}

bool at(const pt::PupilMeasurement& m, const pt::test::DiscScene& d) {
  return m.detected && std::hypot(m.ellipse.cx - d.cx, m.ellipse.cy - d.cy) < 1.0F;
}

}  // namespace

TEST_CASE("a pupil that leaves its window is found in the whole region in the same frame") {
  pt::DetectorParams params;
  params.window.enabled = true;
  const auto detector = pt::make_cpu_detector(params);
  pt::FramePool pool(kWidth, kHeight, 2, pt::make_host_allocator());
  const pt::RectI whole{0, 0, kWidth, kHeight};
  const pt::test::DiscScene here{120.0F, 150.0F, 22.0F, 30, 110, 4.0F, 1};
  const pt::test::DiscScene near{123.0F, 152.0F, 22.0F, 30, 110, 4.0F, 2};
  const pt::test::DiscScene away{360.0F, 220.0F, 22.0F, 30, 110, 4.0F, 3};

  const pt::PupilMeasurement first = track(*detector, pool, here, 0, params);
  CHECK(at(first, here));
  CHECK(first.searched == whole);  // nothing to follow yet

  const pt::PupilMeasurement followed = track(*detector, pool, near, 1, params);
  CHECK(at(followed, near));
  CHECK(followed.searched.w < kWidth / 2);
  CHECK(followed.searched.contains({static_cast<int>(here.cx), static_cast<int>(here.cy), 1, 1}));

  // Far outside the window around the last pupil: found all the same, from the whole region.
  const pt::PupilMeasurement jumped = track(*detector, pool, away, 2, params);
  CHECK(at(jumped, away));
  CHECK(jumped.searched == whole);

  const pt::PupilMeasurement after = track(*detector, pool, away, 3, params);
  CHECK(at(after, away));
  CHECK(after.searched.w < kWidth / 2);
}

TEST_CASE("a tracking window's side is a whole number of steps, so that a wavering pupil keeps its window size") {
  pt::TrackingWindowParams params;
  params.enabled = true;
  const pt::RectI region{0, 0, 640, 480};
  const auto window = [&](float cx, float cy, float a) {
    return pt::tracking_window(region, pt::Ellipse{cx, cy, a, a * 0.9F, 0.0F}, params);
  };
  // 1.8 x 2 x 30 = 108 px wanted: 112, and 109-112 px from 30.3-31.1 px as well.
  const pt::RectI w = window(200.5F, 150.5F, 30.0F);
  CHECK(w.w == 112);
  CHECK(w.h == 112);
  CHECK(w.x == 144);  // floor(200.5 - 56)
  CHECK(w.y == 94);
  for (const float a : {30.3F, 30.7F, 31.1F}) CHECK(window(200.5F, 150.5F, a).w == 112);
  CHECK(window(200.5F, 150.5F, 31.2F).w == 128);  // 112.3 px wanted
  // The smallest window is the minimum, rounded up too.
  params.min_size = 50;
  CHECK(window(200.5F, 150.5F, 5.0F).w == 64);
  // A step of 1 keeps the side as wanted.
  params.side_step = 1;
  CHECK(window(200.5F, 150.5F, 30.0F).w == 108);
  // Clipped by the region's edges as before.
  params.side_step = 16;
  const pt::RectI corner = window(10.0F, 10.0F, 30.0F);
  CHECK(corner.x == 0);
  CHECK(corner.y == 0);
  CHECK(corner.w == 10 + 56);
}
