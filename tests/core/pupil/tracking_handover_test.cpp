// A tracker that takes over another's state (what the CUDA backend and the CPU hand each other)
// goes on exactly as the original would have.
#include <memory>
#include <utility>

#include "pt/pupil/eye_pupil_tracker.hpp"
#include "pt/synthetic_eyes.hpp"
#include "pt_catch.hpp"
#include "same_measurement.hpp"
#include "single_eye_camera.hpp"

TEST_CASE("a tracker resumed from another's state measures what the original would have") {
  pt::test::SingleEyeCamera camera;
  const pt::DetectorParams params;
  pt::EyePupilTracker original(params);
  auto relay = std::make_unique<pt::EyePupilTracker>(params);
  int handovers = 0;
  int refused = 0;  // frames after a miss, when there is no state to hand over
  for (int i = 0; i < 1500; ++i) {
    const auto [region, truth] = camera.next();
    if (i % 5 == 4) {
      if (const auto state = relay->tracking_state()) {
        relay = std::make_unique<pt::EyePupilTracker>(params);
        relay->resume(*state);
        ++handovers;
      } else {
        ++refused;
      }
    }
    const pt::PupilMeasurement expected = original.process(region, {}, pt::EyeSide::Single, truth.time_s, params);
    const pt::PupilMeasurement got = relay->process(region, {}, pt::EyeSide::Single, truth.time_s, params);
    pt::test::require_same_measurement(got, expected);
    // A resumed tracker searches from the handed-over centre, not from the dark blobs.
    if (i % 5 == 4 && expected.detected && original.searches() == 1) REQUIRE_FALSE(relay->located());
  }
  CHECK(handovers > 250);
  CHECK(refused > 0);  // the synthetic eye blinks
}

TEST_CASE("without a found pupil there is no state to hand over") {
  const pt::DetectorParams params;
  pt::EyePupilTracker tracker(params);
  CHECK_FALSE(tracker.tracking_state().has_value());
  pt::ImageU8 grey(200, 200, 128);
  tracker.process(std::as_const(grey).view(), {}, pt::EyeSide::Single, 0.0, params);
  CHECK_FALSE(tracker.tracking_state().has_value());
  tracker.seed_at({100.0F, 100.0F});
  const auto state = tracker.tracking_state();
  REQUIRE(state.has_value());
  CHECK(state->centre.x == 100.0F);
}
