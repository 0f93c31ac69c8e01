#pragma once
// Global memory for block_nearest_geometrically (geometric_refinement.cuh): one set per eye
// lane, allocated once.
#include <cstddef>

#include "pt/geometry.hpp"
#include "pt/gpu/device_memory.hpp"
#include "pt/pupil/geometric_fit_math.hpp"

namespace pt::gpu::search {

// Terms a point: its residual, then the residuals at the five moved parameters (turned into the
// five partial derivatives in place).
constexpr int kGeometricTerms = geometric_math::kGradientEllipses;

struct GeometricScratch {
  Point2f* points = nullptr;  // the inliers, in order
  double* terms = nullptr;    // kGeometricTerms per inlier
  int capacity = 0;
};

class GeometricScratchBuffers {
 public:
  explicit GeometricScratchBuffers(std::size_t capacity) : points_(capacity), terms_(capacity * kGeometricTerms) {}
  [[nodiscard]] GeometricScratch scratch() const noexcept {
    return {points_.data(), terms_.data(), static_cast<int>(points_.size())};
  }

 private:
  DeviceBuffer<Point2f> points_;
  DeviceBuffer<double> terms_;
};

}  // namespace pt::gpu::search
