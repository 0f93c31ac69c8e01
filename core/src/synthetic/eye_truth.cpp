#include "eye_truth.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "ellipse_shape.hpp"

namespace pt::synthetic {
namespace {

// Share of `samples` evenly spaced border points that lie strictly between the lids.
double visible_border_share(const EyePose& pose, int samples) {
  const double a = pose.pupil_radius;
  const double b = pose.pupil_radius * pose.foreshortening();
  const double angle = pose.major_axis_angle();
  const double ca = std::cos(angle);
  const double sa = std::sin(angle);
  int seen = 0;
  for (int i = 0; i < samples; ++i) {
    const double t = 2.0 * std::numbers::pi * i / samples;
    const double u = a * std::cos(t);
    const double v = b * std::sin(t);
    if (pose.lids.reveals(pose.pupil_x + u * ca - v * sa, pose.pupil_y + u * sa + v * ca)) ++seen;
  }
  return static_cast<double>(seen) / samples;
}

// Whether any of the pupil's area shows between the lids, checked along its columns.
bool any_interior_visible(const EyePose& pose) {
  const EllipseShape pupil(pose.pupil_x, pose.pupil_y, pose.pupil_radius,
                           pose.pupil_radius * pose.foreshortening(), pose.major_axis_angle());
  constexpr int kColumns = 129;
  for (int i = 1; i < kColumns; ++i) {
    const double x = pose.pupil_x - pose.pupil_radius + 2.0 * pose.pupil_radius * i / kColumns;
    const RealSpan chord = pupil.column_interval(x);
    if (chord.empty()) continue;
    if (std::max(chord.x0, pose.lids.upper_y(x)) < std::min(chord.x1, pose.lids.lower_y(x))) return true;
  }
  return false;
}

}  // namespace

SyntheticEyeTruth make_eye_truth(const EyeLayout& eye, const EyePose& pose) {
  SyntheticEyeTruth truth;
  truth.side = eye.side;
  truth.region = eye.region;
  truth.pupil = pose.pupil_ellipse();
  double share = visible_border_share(pose, 64);
  if (share == 0.0 && any_interior_visible(pose)) {
    // A slit of an opening can show the pupil between two of 64 border samples. Its border is
    // then visible, if only a sliver: finer sampling measures it, and it never counts as shut.
    constexpr int kFine = 4096;
    share = std::max(visible_border_share(pose, kFine), 1.0 / kFine);
  }
  truth.visible_fraction = static_cast<float>(share);
  truth.openness = share >= 1.0 ? EyeOpenness::Open : (share <= 0.0 ? EyeOpenness::Closed : EyeOpenness::Partial);
  return truth;
}

}  // namespace pt::synthetic
