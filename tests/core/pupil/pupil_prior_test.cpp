#include "pt/pupil/pupil_prior.hpp"

#include "pt_catch.hpp"

namespace {

pt::DarkDisc disc(float inside, float contrast) {
  pt::DarkDisc d;
  d.inside = inside;
  d.contrast = contrast;
  d.dark_fraction = 1.0F;
  return d;
}

pt::Ellipse circle(float diameter) { return {0.0F, 0.0F, 0.5F * diameter, 0.5F * diameter, 0.0F}; }

// Confident enough that only the size and darkness rules apply.
constexpr float kConfident = 0.95F;

}  // namespace

TEST_CASE("with nothing remembered every candidate agrees") {
  pt::PupilPrior prior;
  CHECK(prior.agrees(circle(10.0F), disc(200.0F, 1.0F), kConfident, 0.0, pt::PupilPriorParams{}));
}

TEST_CASE("a candidate far from the remembered size or darkness disagrees") {
  const pt::PupilPriorParams params;
  pt::PupilPrior prior;
  prior.learn(circle(60.0F), disc(22.0F, 70.0F), kConfident, 1.0, params);
  CHECK(prior.agrees(circle(60.0F), disc(22.0F, 70.0F), kConfident, 1.01, params));
  CHECK(prior.agrees(circle(40.0F), disc(25.0F, 60.0F), kConfident, 1.01, params));   // a fast constriction
  CHECK_FALSE(prior.agrees(circle(25.0F), disc(22.0F, 70.0F), kConfident, 1.01, params));   // lash cluster size
  CHECK_FALSE(prior.agrees(circle(130.0F), disc(22.0F, 70.0F), kConfident, 1.01, params));  // iris-sized
  CHECK_FALSE(prior.agrees(circle(55.0F), disc(70.0F, 40.0F), kConfident, 1.01, params));   // iris seen between lids
}

TEST_CASE("the memory follows slowly, only from confident detections, and expires") {
  pt::PupilPriorParams params;
  params.follow_s = 0.3;
  pt::PupilPrior prior;
  prior.learn(circle(60.0F), disc(22.0F, 70.0F), kConfident, 0.0, params);
  prior.learn(circle(20.0F), disc(22.0F, 70.0F), 0.6F, 0.01, params);  // not confident: ignored
  CHECK_FALSE(prior.agrees(circle(25.0F), disc(22.0F, 70.0F), kConfident, 0.02, params));
  prior.learn(circle(40.0F), disc(22.0F, 70.0F), kConfident, 0.03, params);  // moves 10 % of the way
  CHECK(prior.agrees(circle(30.0F), disc(22.0F, 70.0F), kConfident, 0.04, params));  // 58 x 0.5 = 29 < 30
  CHECK(prior.agrees(circle(10.0F), disc(22.0F, 70.0F), kConfident, 2.0, params));  // forgotten after memory_s
}

TEST_CASE("a disabled prior never rejects") {
  pt::PupilPriorParams params;
  params.enabled = false;
  pt::PupilPrior prior;
  prior.learn(circle(60.0F), disc(22.0F, 70.0F), kConfident, 0.0, params);
  CHECK(prior.agrees(circle(5.0F), disc(200.0F, 1.0F), kConfident, 0.01, params));
}

TEST_CASE("a weak fit far less round than the remembered pupil disagrees; a confident one teaches the new shape") {
  const pt::PupilPriorParams params;
  pt::PupilPrior prior;
  prior.learn(circle(60.0F), disc(22.0F, 70.0F), kConfident, 0.0, params);
  // What a lid leaves of it: as wide, a third shorter, well within the size tolerance.
  const pt::Ellipse sliver{0.0F, 0.0F, 30.0F, 20.0F, 0.0F};
  const float weak = 0.6F;
  CHECK_FALSE(prior.agrees(sliver, disc(22.0F, 70.0F), weak, 0.01, params));
  // A pupil that only shrank keeps its shape.
  CHECK(prior.agrees(circle(40.0F), disc(22.0F, 70.0F), weak, 0.01, params));
  // Slightly oval within the tolerance: 0.92 of the remembered roundness.
  CHECK(prior.agrees({0.0F, 0.0F, 30.0F, 27.6F, 0.0F}, disc(22.0F, 70.0F), weak, 0.01, params));
  // The gaze turned: the whole border is seen, the new shape is believed and learnt, so that
  // weak fits of it agree once the memory has followed.
  REQUIRE(prior.believes(sliver, disc(22.0F, 70.0F), kConfident, 0.02, params));
  CHECK_FALSE(prior.agrees(sliver, disc(22.0F, 70.0F), weak, 0.03, params));
  for (double t = 0.04; t < 0.9; t += 0.02) prior.learn(sliver, disc(22.0F, 70.0F), kConfident, t, params);
  CHECK(prior.agrees(sliver, disc(22.0F, 70.0F), weak, 0.9, params));
}
