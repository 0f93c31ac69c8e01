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

struct RansacScratch {
  Ellipse* fits = nullptr;    // one chunk of hypotheses' fits, a thread each
  int* votes = nullptr;       // their inlier counts; -1: no admitted fit
  Point2f* chosen = nullptr;  // a consensus, in the points' order
  double* distances = nullptr;  // one per point, for the refit
  int chunk = 0;              // hypotheses evaluated at once
  int capacity = 0;           // points at most
};

class RansacScratchBuffers {
 public:
  RansacScratchBuffers(std::size_t capacity, const RansacParams& params)
      : chunk_(static_cast<std::size_t>(std::clamp(params.hypotheses, 1, kSearchThreads))),
        fits_(chunk_),
        votes_(chunk_),
        chosen_(capacity),
        distances_(capacity) {}
  [[nodiscard]] RansacScratch scratch() const noexcept {
    return {fits_.data(),      votes_.data(), chosen_.data(), distances_.data(), static_cast<int>(chunk_),
            static_cast<int>(chosen_.size())};
  }

 private:
  std::size_t chunk_;
  DeviceBuffer<Ellipse> fits_;
  DeviceBuffer<int> votes_;
  DeviceBuffer<Point2f> chosen_;
  DeviceBuffer<double> distances_;
};

}  // namespace pt::gpu::search
