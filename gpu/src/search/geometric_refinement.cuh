#pragma once
// StarburstSearch::nearest_geometrically for one search block: the geometric refinement of the
// algebraic fit on the border's inliers, and the rule that keeps the algebraic fit when the
// refinement runs off. The Levenberg-Marquardt steps are the CPU's (geometric_fit_math.hpp),
// run by every thread on the same numbers. The inliers are gathered into shared memory by a
// ballot scan; the residuals are taken in parallel, a (point, moved parameter) pair a thread,
// and each sum over the points is taken in the points' order by one thread (a thread per entry
// of the normal equations, spread over the warps), so every sum rounds as the CPU's loop does.
#include <cstddef>

#include "block_broadcast.cuh"
#include "edge_list.cuh"
#include "fit_shared_memory.cuh"
#include "geometric_scratch.hpp"
#include "ordered_gather.cuh"
#include "pt/pupil/detector_params.hpp"
#include "pt/pupil/geometric_fit_math.hpp"
#include "search_block.cuh"
#include "warp_spread.cuh"

namespace pt::gpu::search {

__device__ inline Ellipse block_nearest_geometrically(const EdgeList& border, const Ellipse& algebraic,
                                                      const RansacParams& params, const GeometricScratch& scratch) {
  using geometric_math::Matrix;
  using geometric_math::Params;
  using L = GeometricSharedLayout;
  constexpr int kSums = 30;  // J^T r (5), then J^T J (25) row by row
  static_assert(kSums <= kSearchThreads);
  __shared__ double sums[kSums];
  __shared__ geometric_math::ResidualEllipse gradient_at[kGeometricTerms];
  const int t = static_cast<int>(threadIdx.x);
  const int n = *border.count;
  const bool staged = n <= kStagedPoints;
  Point2f* points = staged ? fit_shared_array<Point2f>(L::kPoints) : scratch.points;
  double* terms = staged ? fit_shared_array<double>(L::kTerms) : scratch.terms;
  const int m = block_gather(border.points, n, [&](int i) { return border.inlier[i] != 0; }, points);
  auto cost = [&](const Params& e) {
    const geometric_math::ResidualEllipse at = geometric_math::residual_ellipse(e);
    for (int i = t; i < m; i += kSearchThreads) {
      const double d = geometric_math::radial_residual(at, points[i]);
      terms[i] = d * d;
    }
    __syncthreads();
    double sum = 0.0;
    if (t == 0) {
#pragma unroll 4
      for (int i = 0; i < m; ++i) sum += terms[i];
    }
    return block_broadcast(sum);
  };
  auto normal_equations = [&](const Params& e, const Params& steps, Matrix& jtj, Params& jtr) {
    // residual_gradient's residuals, each in its own thread, from the six gradient_ellipse (one
    // thread each, so that each cosine is taken once a call); then their forward differences.
    if (t < kGeometricTerms) gradient_at[t] = geometric_math::gradient_ellipse(e, steps, t);
    __syncthreads();
    const int pairs = m * kGeometricTerms;
    for (int q = t; q < pairs; q += kSearchThreads) {
      terms[q] = geometric_math::radial_residual(gradient_at[q % kGeometricTerms], points[q / kGeometricTerms]);
    }
    __syncthreads();
    for (int q = t; q < pairs; q += kSearchThreads) {
      const int k = q % kGeometricTerms;
      if (k > 0) terms[q] = (terms[q] - terms[q - k]) / steps[static_cast<std::size_t>(k - 1)];
    }
    __syncthreads();
    const int s = warp_spread_index(kSums);
    if (s >= 0) {
      // Entry s: grad[row] * r0 for s < 5, else grad[row] * grad[col].
      const int row = s < 5 ? s : (s - 5) / 5;
      const int other = s < 5 ? 0 : 1 + (s - 5) % 5;
      double acc = 0.0;
#pragma unroll 4
      for (int i = 0; i < m; ++i) {
        const double* point_terms = terms + static_cast<std::size_t>(i) * kGeometricTerms;
        acc += point_terms[1 + row] * point_terms[other];
      }
      sums[s] = acc;
    }
    __syncthreads();
    for (std::size_t i = 0; i < 5; ++i) {
      jtr[i] = sums[i];
      for (std::size_t k = 0; k < 5; ++k) jtj[i][k] = sums[5 + 5 * i + k];
    }
    __syncthreads();  // the next call overwrites the sums and terms
  };
  const MaybeEllipse refined = geometric_math::refine(static_cast<std::size_t>(m), algebraic, cost, normal_equations);
  return geometric_math::accept_refinement(refined, algebraic, params.inlier_px);
}

}  // namespace pt::gpu::search
