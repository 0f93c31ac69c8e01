#pragma once
// The ground truth of one eye in one frame: the pupil ellipse and how much of it the lids hide.
#include "eye_layout.hpp"
#include "eye_pose.hpp"
#include "pt/synthetic_eyes.hpp"

namespace pt::synthetic {

[[nodiscard]] SyntheticEyeTruth make_eye_truth(const EyeLayout& eye, const EyePose& pose);

}  // namespace pt::synthetic
