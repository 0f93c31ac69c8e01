#pragma once
// What the parity tests of the searches that need no seed share (thresholding and labeling,
// Canny + Hough): their images, and the check that the device's outcome equals the CPU's to the
// bit on each: every border or edge point, inlier flag, and ellipse parameter.
#include <string>
#include <vector>

#include "pt/image.hpp"
#include "pt/pupil/detector_params.hpp"

namespace pt::test {

struct SearchCase {
  std::string name;
  ImageU8 pixels;
};

// The filters' test images, a blank and a black one, two of a few pixels, and real eyes where the
// data is present.
std::vector<SearchCase> search_cases();

struct SearchVariant {
  std::string name;
  DetectorParams params;  // the algorithm among them
};

struct SearchTally {
  int searched = 0;
  int found = 0;       // with a fit
  int incomplete = 0;  // left to the host (a list too long)
};

// Runs the CPU's search (make_pupil_search) and the device's (make_device_frame_search) on each
// case, preprocessed by the CPU, under each variant, and checks their outcomes alike.
SearchTally check_frame_searches(const std::vector<SearchVariant>& variants);

}  // namespace pt::test
