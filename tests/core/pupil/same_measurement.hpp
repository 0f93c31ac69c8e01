#pragma once
// Two detectors that should agree to the bit (threads against one thread, CUDA against the CPU)
// are held to every figure a measurement carries.
#include "pt/pupil/pupil_measurement.hpp"
#include "pt_catch.hpp"

namespace pt::test {

inline void require_same_measurement(const PupilMeasurement& a, const PupilMeasurement& b) {
  REQUIRE(a.eye == b.eye);
  REQUIRE(a.detected == b.detected);
  REQUIRE(a.searched == b.searched);
  REQUIRE(a.confidence == b.confidence);
  REQUIRE(a.ellipse.cx == b.ellipse.cx);
  REQUIRE(a.ellipse.cy == b.ellipse.cy);
  REQUIRE(a.ellipse.a == b.ellipse.a);
  REQUIRE(a.ellipse.b == b.ellipse.b);
  REQUIRE(a.ellipse.angle_rad == b.ellipse.angle_rad);
  REQUIRE(a.edge_points == b.edge_points);
  REQUIRE(a.inliers == b.inliers);
  REQUIRE(a.iterations == b.iterations);
}

}  // namespace pt::test
