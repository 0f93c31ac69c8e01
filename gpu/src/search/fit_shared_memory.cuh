#pragma once
// The shared memory of the search block's fits. The RANSAC fit and the geometric refinement run
// one after the other, so they share one arena: each lays out its own arrays in it. Point sets of
// up to kStagedPoints live there; larger ones stay in the caller's global scratch, which is
// slower (every serial sum then waits on global memory) but gives the same numbers.
#include <cstddef>

#include "geometric_scratch.hpp"
#include "pt/geometry.hpp"
#include "pt/pupil/conic_fit_math.hpp"
#include "ransac_fit_types.hpp"
#include "search_block.cuh"

namespace pt::gpu::search {

constexpr int kStagedPoints = kSearchThreads;
// Doubles a point's terms take: a refit's (conic_block_fit.cuh) or the geometric refinement's.
constexpr int kPointTerms = kConicTerms > kGeometricTerms ? kConicTerms : kGeometricTerms;

// The RANSAC fit's arrays: the points, two consensus sets (the best's and a refit's), and either
// one chunk of hypotheses with their votes (while choosing) or a refit's terms.
struct RansacSharedLayout {
  static constexpr std::size_t kPoints = 0;
  static constexpr std::size_t kChosen = kPoints + sizeof(Point2f) * kStagedPoints;
  static constexpr std::size_t kTerms = kChosen + 2 * sizeof(Point2f) * kStagedPoints;
  static constexpr std::size_t kFits = kTerms;
  static constexpr std::size_t kVotes = kFits + sizeof(RadialDistance) * kSearchThreads;
  static constexpr std::size_t kEnd = kTerms + sizeof(double) * kPointTerms * kStagedPoints;
  static_assert(kVotes + sizeof(int) * kSearchThreads <= kEnd);
};

// The geometric refinement's: the inliers and their terms.
struct GeometricSharedLayout {
  static constexpr std::size_t kPoints = 0;
  static constexpr std::size_t kTerms = kPoints + sizeof(Point2f) * kStagedPoints;
  static constexpr std::size_t kEnd = kTerms + sizeof(double) * kPointTerms * kStagedPoints;
};

// The arena, one per block. Raw bytes, since __shared__ variables take no constructors and
// Ellipse, Point2f and RadialDistance carry default member initialisers.
__device__ inline unsigned char* fit_shared_memory() {
  constexpr std::size_t kBytes =
      RansacSharedLayout::kEnd > GeometricSharedLayout::kEnd ? RansacSharedLayout::kEnd : GeometricSharedLayout::kEnd;
  __shared__ alignas(16) unsigned char arena[kBytes];
  return arena;
}

template <class T>
__device__ T* fit_shared_array(std::size_t offset) {
  return reinterpret_cast<T*>(fit_shared_memory() + offset);
}

}  // namespace pt::gpu::search
