#pragma once
// RansacConicFitter::fit for one search block. The hypotheses are fitted a chunk at a time, a
// thread each, and their inliers counted a warp each in hypothesis order; one thread replays
// the CPU's sequential choice (ransac::Selection) over the counted ones, so the search stops
// at the hypothesis where the CPU's does and keeps the same best. The refits fit the consensus
// in the points' order with the CPU's arithmetic (conic_block_fit.cuh).
#include <algorithm>
#include <cstddef>
#include <span>

#include "block_broadcast.cuh"
#include "conic_block_fit.cuh"
#include "edge_list.cuh"
#include "pt/pupil/conic_fit_math.hpp"
#include "pt/pupil/detector_params.hpp"
#include "pt/pupil/ransac_rules.hpp"
#include "ransac_fit_types.hpp"
#include "search_block.cuh"

namespace pt::gpu::search {

// Marks every point within `inlier_px` of `e`, as RansacConicFitter::mark_inliers does.
__device__ inline void block_mark_inliers(const EdgeList& points, int n, const Ellipse& e, float inlier_px) {
  const RadialDistance distance(e);
  for (int i = static_cast<int>(threadIdx.x); i < n; i += kSearchThreads) {
    points.inlier[i] = distance(points.points[i]) <= inlier_px ? 1 : 0;
  }
  __syncthreads();
}

__device__ inline int block_count_inliers(const EdgeList& points, int n, const Ellipse& e, float inlier_px) {
  const RadialDistance distance(e);
  int votes = 0;
  for (int i = static_cast<int>(threadIdx.x); i < n; i += kSearchThreads) {
    votes += distance(points.points[i]) <= inlier_px ? 1 : 0;
  }
  return block_sum(votes);
}

// Copies the inliers to `chosen` in their order; returns how many.
__device__ inline int block_gather_inliers(const EdgeList& points, int n, Point2f* chosen) {
  int m = 0;
  if (threadIdx.x == 0) {
    for (int i = 0; i < n; ++i) {
      if (points.inlier[i] != 0) chosen[m++] = points.points[i];
    }
  }
  return block_broadcast(m);
}

// The index sets' fits of hypotheses [base, base + count), thread t taking base + t.
__device__ inline void fit_hypotheses(const EdgeList& points, int n, const float* unit_samples, int base, int count,
                                      FitModel model, const ShapeLimits& limits, const RansacScratch& scratch) {
  const int t = static_cast<int>(threadIdx.x);
  if (t < count) {
    Point2f sample[ransac::kSampleSize];
    const float* u = unit_samples + static_cast<std::size_t>(base + t) * ransac::kSampleSize;
    for (int k = 0; k < ransac::kSampleSize; ++k) {
      sample[k] = points.points[ransac::sample_index(u[k], static_cast<std::size_t>(n))];
    }
    const MaybeEllipse e = conic_math::fit_conic(std::span<const Point2f>(sample, ransac::kSampleSize), model);
    scratch.fits[t] = e.ellipse;
    scratch.votes[t] = e.ok && limits.admits(e.ellipse) ? 0 : -1;
  }
  __syncthreads();
}

// Counts the votes of the admitted hypotheses among [first, first + warps) of the chunk, a warp
// each.
__device__ inline void count_votes(const EdgeList& points, int n, int first, int count, float inlier_px,
                                   const RansacScratch& scratch) {
  const int j = first + static_cast<int>(threadIdx.x) / 32;
  const int lane = static_cast<int>(threadIdx.x) % 32;
  if (j < count && scratch.votes[j] >= 0) {  // the same for the whole warp
    const RadialDistance distance(scratch.fits[j]);
    int votes = 0;
    for (int i = lane; i < n; i += 32) votes += distance(points.points[i]) <= inlier_px ? 1 : 0;
    votes = __reduce_add_sync(0xFFFFFFFFU, votes);
    if (lane == 0) scratch.votes[j] = votes;
  }
  __syncthreads();
}

// The hypotheses' best in the CPU's order, as every thread's value.
__device__ inline ransac::Selection select_hypothesis(const EdgeList& points, int n, const float* unit_samples,
                                                      int hypotheses, const RansacParams& params, FitModel model,
                                                      const ShapeLimits& limits, const RansacScratch& scratch) {
  constexpr int kWarps = kSearchThreads / 32;
  __shared__ int stop;
  if (threadIdx.x == 0) stop = 0;
  __syncthreads();
  ransac::Selection selection(static_cast<std::size_t>(hypotheses));  // thread 0's is the one kept
  for (int base = 0; base < hypotheses && stop == 0; base += scratch.chunk) {
    const int count = std::min(scratch.chunk, hypotheses - base);
    fit_hypotheses(points, n, unit_samples, base, count, model, limits, scratch);
    for (int first = 0; first < count && stop == 0; first += kWarps) {
      count_votes(points, n, first, count, params.inlier_px, scratch);
      if (threadIdx.x == 0) {
        for (int j = first; j < std::min(first + kWarps, count) && stop == 0; ++j) {
          if (scratch.votes[j] < 0) continue;
          const bool done = selection.offer(static_cast<std::size_t>(base + j), scratch.fits[j], scratch.votes[j],
                                            static_cast<std::size_t>(n));
          stop = done ? 1 : 0;
        }
      }
      __syncthreads();
    }
  }
  return block_broadcast(selection);
}

// RansacConicFitter::fit on the points of `points` (their count read from the device), with
// `hypotheses` index sets of ransac::kSampleSize uniforms each (RansacConicFitter::unit_samples:
// as many hypotheses as the CPU's fitter has);
// leaves the returned fit's inlier flags in points.inlier (all 0 without a fit).
__device__ inline RansacFitResult block_ransac_fit(const EdgeList& points, const float* unit_samples, int hypotheses,
                                                   const RansacParams& params, FitModel model,
                                                   const ShapeLimits& limits, const RansacScratch& scratch) {
  const int n = *points.count;
  for (int i = static_cast<int>(threadIdx.x); i < n; i += kSearchThreads) points.inlier[i] = 0;
  __syncthreads();
  if (n < ransac::kSampleSize) return {};
  const ransac::Selection selection =
      select_hypothesis(points, n, unit_samples, hypotheses, params, model, limits, scratch);
  if (!selection.found) return {};
  ConicFit best = selection.best;
  // Refit on the consensus, then once more on the refit's own consensus.
  for (int round = 0; round < 2; ++round) {
    block_mark_inliers(points, n, best.ellipse, params.inlier_px);
    const MaybeEllipse refined =
        block_fit_conic(scratch.chosen, block_gather_inliers(points, n, scratch.chosen), model, scratch.distances);
    if (!refined.ok || !limits.admits(refined.ellipse)) break;
    const int votes = block_count_inliers(points, n, refined.ellipse, params.inlier_px);
    if (votes < best.inliers) break;
    best = ConicFit{refined.ellipse, votes};
  }
  block_mark_inliers(points, n, best.ellipse, params.inlier_px);
  return {true, best};
}

}  // namespace pt::gpu::search
