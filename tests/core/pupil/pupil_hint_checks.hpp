#pragma once
// The detector's hint (the user's click on a pupil) and the border searches it hands out for
// overlays, on a frame with two dark discs: left alone it takes the darker; told otherwise, the
// other. Checks shared by each backend's detector test.
#include <algorithm>
#include <cmath>
#include <memory>
#include <utility>

#include "disc_image.hpp"
#include "pt/frame_pool.hpp"
#include "pt/pupil/pupil_detector.hpp"
#include "pt_catch.hpp"

namespace pt::test::hint_checks {

constexpr int kWidth = 400;
constexpr int kHeight = 200;
inline const pt::test::DiscScene kDarker{110.0F, 100.0F, 24.0F, 20, 120, 4.0F, 5};
inline const pt::test::DiscScene kPaler{290.0F, 96.0F, 22.0F, 55, 120, 4.0F, 6};

// Both discs in one frame, each on its own half of the background.
inline pt::ImageU8 two_discs() {
  const pt::ImageU8 a = pt::test::render_disc(kWidth, kHeight, kDarker);
  const pt::ImageU8 b = pt::test::render_disc(kWidth, kHeight, kPaler);
  pt::ImageU8 out(kWidth, kHeight);
  for (int y = 0; y < kHeight; ++y) {
    for (int x = 0; x < kWidth; ++x) out.at(x, y) = x < kWidth / 2 ? a.at(x, y) : b.at(x, y);
  }
  return out;
}

inline pt::TrackedFrame track_frame(pt::PupilDetector& detector, pt::FramePool& pool, const pt::ImageU8& image,
                                    int index, const pt::DetectorParams& params) {
  auto frame = pool.try_acquire();
  REQUIRE(frame.has_value());
  for (int y = 0; y < kHeight; ++y) std::copy_n(image.view().row(y), kWidth, frame->pixels().row(y));
  frame->info().index = static_cast<std::uint64_t>(index);
  frame->info().timestamp_s = index / 100.0;
  const pt::EyeRegion regions[] = {{pt::EyeSide::Left, {0, 0, kWidth, kHeight}}, {pt::EyeSide::Right, {0, 0, kWidth, kHeight}}};
  detector.submit(std::move(*frame), regions, params);
  auto done = detector.collect(true);
  REQUIRE(done.has_value());
  return std::move(*done);
}

inline bool near(const pt::PupilMeasurement& m, const pt::test::DiscScene& d) {
  return m.detected && std::hypot(m.ellipse.cx - d.cx, m.ellipse.cy - d.cy) < 2.0;
}

}  // namespace pt::test::hint_checks

namespace pt::test {

// Both eyes search the whole frame, so that a hint for one must leave the other alone (also where
// each eye has a thread of its own). `detector`: new, with the default parameters; its frames
// come from `allocator`.
inline void check_hint_takes_pointed_pupil(PupilDetector& detector, std::shared_ptr<HostAllocator> allocator) {
  using namespace hint_checks;
  const pt::ImageU8 image = two_discs();
  const pt::DetectorParams params;
  pt::FramePool pool(kWidth, kHeight, 2, std::move(allocator));

  pt::TrackedFrame f = track_frame(detector, pool, image, 0, params);
  CHECK(near(f.eyes[0], kDarker));
  CHECK(near(f.eyes[1], kDarker));

  detector.hint_pupil(1, {kPaler.cx + 3.0F, kPaler.cy - 2.0F});
  f = track_frame(detector, pool, image, 1, params);
  CHECK(near(f.eyes[0], kDarker));
  CHECK(near(f.eyes[1], kPaler));
  // And it follows that pupil from then on.
  f = track_frame(detector, pool, image, 2, params);
  CHECK(near(f.eyes[1], kPaler));

  detector.hint_pupil(5, {1.0F, 1.0F});  // no such eye: ignored
  f = track_frame(detector, pool, image, 3, params);
  CHECK(near(f.eyes[0], kDarker));
  CHECK(near(f.eyes[1], kPaler));
}

// `detector`: new, with the default parameters; its frames come from `allocator`.
inline void check_searches_on_request(PupilDetector& detector, std::shared_ptr<HostAllocator> allocator) {
  using namespace hint_checks;
  const pt::ImageU8 image = two_discs();
  const pt::DetectorParams params;
  pt::FramePool pool(kWidth, kHeight, 2, std::move(allocator));
  CHECK(track_frame(detector, pool, image, 0, params).searches.empty());

  detector.keep_searches(true);
  const pt::TrackedFrame f = track_frame(detector, pool, image, 1, params);
  REQUIRE(f.searches.size() == 2);
  for (std::size_t eye = 0; eye < 2; ++eye) {
    const pt::PupilMeasurement& m = f.eyes[eye];
    const pt::SearchOutcome& search = f.searches[eye];
    REQUIRE(near(m, kDarker));
    REQUIRE(search.edges.size() == search.inlier.size());
    CHECK(static_cast<int>(search.edges.size()) == m.edge_points);
    // Its inliers lie on the found border, in the searched rectangle's coordinates.
    int inliers = 0;
    for (std::size_t i = 0; i < search.edges.size(); ++i) {
      if (search.inlier[i] == 0) continue;
      ++inliers;
      const pt::Point2f p = search.edges[i];
      const float x = p.x + static_cast<float>(m.searched.x);
      const float y = p.y + static_cast<float>(m.searched.y);
      CHECK(std::abs(std::hypot(x - kDarker.cx, y - kDarker.cy) - kDarker.r) < 2.0F);
    }
    CHECK(inliers >= 8);
  }

  detector.keep_searches(false);
  CHECK(track_frame(detector, pool, image, 2, params).searches.empty());
}

}  // namespace pt::test
