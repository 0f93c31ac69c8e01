// As a lid closes over the pupil, the search from the previous centre fails before the pupil is
// hidden, and the dark-blob search then finds the sliver still showing: dark all over and fitted
// well enough to pass the confidence, with a centre far off the pupil's. The pupil prior must not
// believe it, yet must believe the whole pupil as soon as the lid has risen again.
#include <cmath>

#include "pt/pupil/eye_pupil_tracker.hpp"
#include "pt/synthetic_eyes.hpp"
#include "pt_catch.hpp"
#include "single_eye_camera.hpp"

namespace {

struct BlinkTally {
  int slivers = 0;        // lid-cut frames reported with a centre more than 5 px off
  int partial_found = 0;  // lid-cut frames reported with the centre within 5 px
  int reopenings = 0;     // closed eyes that opened again
  int worst_reopening_delay = 0;  // open frames before the reopened pupil was found
};

// Skipping the reflections instead of filling them weakens the seeded fit as the lid closes:
// the case that believed the most slivers.
pt::DetectorParams skipping_reflections() {
  pt::DetectorParams params;
  params.reflections.fill = false;
  return params;
}

BlinkTally follow_blinks(const pt::DetectorParams& params, int frames) {
  pt::test::SingleEyeCamera camera;
  pt::EyePupilTracker tracker(params);
  BlinkTally t;
  bool closed_before = false;
  int waiting = -1;  // open frames since the eye reopened, while its pupil is not found yet
  for (int i = 0; i < frames; ++i) {
    const auto [region, truth] = camera.next();
    const pt::SyntheticEyeTruth& gt = truth.eyes[0];
    const pt::PupilMeasurement m = tracker.process(
        region, {static_cast<float>(gt.region.x), static_cast<float>(gt.region.y)}, pt::EyeSide::Single, truth.time_s,
        params);
    const bool on_pupil = m.detected && std::hypot(m.ellipse.cx - gt.pupil.cx, m.ellipse.cy - gt.pupil.cy) <= 5.0F;
    if (gt.openness == pt::EyeOpenness::Partial && m.detected) ++(on_pupil ? t.partial_found : t.slivers);
    if (gt.openness == pt::EyeOpenness::Closed) {
      closed_before = true;
      waiting = -1;
    } else if (gt.openness == pt::EyeOpenness::Open && closed_before) {
      closed_before = false;
      ++t.reopenings;
      waiting = 0;
    }
    if (waiting >= 0) {
      if (on_pupil) {
        t.worst_reopening_delay = std::max(t.worst_reopening_delay, waiting);
        waiting = -1;
      } else {
        ++waiting;
      }
    }
  }
  // A reopened pupil never found counts as found at the end.
  if (waiting >= 0) t.worst_reopening_delay = std::max(t.worst_reopening_delay, waiting);
  return t;
}

// Two blinks at least: the first starts within 4 s, the next 2 to 5 s after it ends.
constexpr int kFrames = 5000;  // 10 s at the camera's 500 frames/s

}  // namespace

TEST_CASE("a lid-cut sliver of the pupil is not believed, and the pupil is found again when the lid rises") {
  const BlinkTally t = follow_blinks(skipping_reflections(), kFrames);
  CAPTURE(t.slivers, t.partial_found, t.reopenings, t.worst_reopening_delay);
  REQUIRE(t.reopenings >= 2);
  CHECK(t.slivers == 0);
  CHECK(t.worst_reopening_delay <= 2);
  // Refusing the sliver does not mean refusing every lid-cut pupil: a fit from the previous
  // centre that still finds the whole pupil's outline is kept.
  CHECK(t.partial_found > 0);
}

TEST_CASE("without the shape rule the same blinks do give believed slivers") {
  // The sequence above is no easy one: with the remembered shape ignored, slivers pass.
  pt::DetectorParams params = skipping_reflections();
  params.prior.roundness_tolerance = 1.0F;
  const BlinkTally t = follow_blinks(params, kFrames);
  CAPTURE(t.slivers, t.partial_found, t.reopenings);
  CHECK(t.slivers > 0);
}
