#pragma once
// The rules of RANSAC that the CPU fitter and the GPU search share (PT_HOST_DEVICE): which point
// a uniform picks, when a hypothesis beats the best so far and how many hypotheses are then
// enough. The GPU evaluates hypotheses in parallel but replays these rules in the CPU's order.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>

#include "pt/geometry.hpp"
#include "pt/reproducible_math.hpp"

namespace pt {

struct ConicFit {
  Ellipse ellipse;
  int inliers = 0;
};

struct ShapeLimits {
  float min_radius_px = 0.0F;  // semi-minor axis at least
  float max_radius_px = 0.0F;  // semi-major axis at most
  float max_aspect = 0.0F;     // semi-major over semi-minor at most

  [[nodiscard]] PT_HOST_DEVICE bool admits(const Ellipse& e) const noexcept {
    return e.b >= min_radius_px && e.a <= max_radius_px && e.a <= max_aspect * e.b;
  }
};

namespace ransac {

constexpr int kSampleSize = 5;

// The point a pre-drawn uniform in [0, 1) picks among `count` (> 0).
PT_HOST_DEVICE inline std::size_t sample_index(float unit, std::size_t count) {
  return std::min(static_cast<std::size_t>(unit * static_cast<float>(count)), count - 1);
}

// Hypotheses after which an all-inlier sample has been drawn with 99.9 % probability, given the
// best inlier share so far (the standard adaptive stopping rule); never fewer than a floor, so
// a lucky early sample cannot end the search.
PT_HOST_DEVICE inline std::size_t hypotheses_needed(double inlier_share) {
  constexpr double kConfidence = 0.999;
  constexpr std::size_t kFloor = 32;
  double all_inliers = 1.0;
  for (int k = 0; k < kSampleSize; ++k) all_inliers *= inlier_share;
  if (all_inliers >= 1.0) return kFloor;
  if (all_inliers <= 0.0) return std::numeric_limits<std::size_t>::max();
  const double n = repro::log(1.0 - kConfidence) / repro::log(1.0 - all_inliers);
  return std::max(kFloor, static_cast<std::size_t>(std::ceil(n)));
}

// The best hypothesis so far, taken in hypothesis order: the first with strictly more votes
// wins, and each new best sets how many hypotheses are needed.
struct Selection {
  bool found = false;
  ConicFit best;
  std::size_t needed = 0;

  PT_HOST_DEVICE explicit Selection(std::size_t hypotheses) : needed(hypotheses) {}

  // Hypothesis h (its fit admitted by the shape limits) with `votes` of `points`; true when
  // no further hypothesis is needed.
  PT_HOST_DEVICE bool offer(std::size_t h, const Ellipse& e, int votes, std::size_t points) {
    if (!found || votes > best.inliers) {
      found = true;
      best = ConicFit{e, votes};
      needed = hypotheses_needed(static_cast<double>(votes) / static_cast<double>(points));
    }
    return h + 1 >= needed;
  }
};

}  // namespace ransac
}  // namespace pt
