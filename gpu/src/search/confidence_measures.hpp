#pragma once
// What host code sees of the device's confidence terms (confidence_measures.cuh): a launcher of
// one block for the parity tests.
#include <cstdint>
#include <vector>

#include "pt/geometry.hpp"
#include "pt/image.hpp"
#include "pt/pupil/pupil_confidence.hpp"

namespace pt::gpu::search {

struct ConfidenceTerms {
  float support = 0.0F;
  float noise = 0.0F;
  DarkDisc disc;
  float confidence = 0.0F;  // pupil_confidence of the three, on the device
};

// block_border_support over `edges` and `inlier`, block_estimate_noise on `cleaned` and
// block_dark_disc on `smoothed` (all in device memory) in one block, as EyePupilTracker assesses
// a fit; waits for it.
ConfidenceTerms confidence_on_device(CViewU8 cleaned, CViewU8 smoothed, CViewU8 reflections, const Ellipse& e,
                                     const std::vector<Point2f>& edges, const std::vector<std::uint8_t>& inlier);

}  // namespace pt::gpu::search
