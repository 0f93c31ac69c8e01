#pragma once
// What block_ransac_fit (ransac_fit.cuh) returns, and its global memory: one set per eye lane,
// allocated once.
#include <algorithm>
#include <cstddef>

#include "pt/geometry.hpp"
#include "pt/gpu/device_memory.hpp"
#include "pt/pupil/detector_params.hpp"
#include "pt/pupil/ransac_rules.hpp"
#include "search_block.cuh"

namespace pt::gpu::search {

struct RansacFitResult {
  bool ok = false;
  ConicFit fit;
};

// Doubles a point's terms take in a refit (conic_block_fit.cuh): the circle's six moment terms,
// or the ellipse's two design rows.
constexpr int kConicTerms = 6;

// Global memory for point sets too large for the block's shared memory (fit_shared_memory.cuh).
struct RansacScratch {
  Point2f* chosen = nullptr;  // two consensus sets of `capacity` points, in the points' order
  double* terms = nullptr;    // kConicTerms per point, for the refit
  int chunk = 0;              // hypotheses fitted at once, at most
  int capacity = 0;           // points at most
};

class RansacScratchBuffers {
 public:
  RansacScratchBuffers(std::size_t capacity, const RansacParams& params)
      : chunk_(std::clamp(params.hypotheses, 1, kSearchThreads)), capacity_(capacity), chosen_(2 * capacity),
        terms_(kConicTerms * capacity) {}
  [[nodiscard]] RansacScratch scratch() const noexcept {
    return {chosen_.data(), terms_.data(), chunk_, static_cast<int>(capacity_)};
  }

 private:
  int chunk_;
  std::size_t capacity_;
  DeviceBuffer<Point2f> chosen_;
  DeviceBuffer<double> terms_;
};

}  // namespace pt::gpu::search
