#pragma once
// StarburstSearch::nearest_geometrically for one search block: the geometric refinement of the
// algebraic fit on the border's inliers, and the rule that keeps the algebraic fit when the
// refinement runs off. The Levenberg-Marquardt steps are the CPU's (geometric_fit_math.hpp),
// run by every thread on the same numbers; the points' residuals and gradients are computed in
// parallel, and each sum over the points is taken in the points' order by one thread (a thread
// per entry of the normal equations), so every sum rounds as the CPU's loop does.
#include <cstddef>

#include "block_broadcast.cuh"
#include "edge_list.cuh"
#include "geometric_scratch.hpp"
#include "pt/pupil/detector_params.hpp"
#include "pt/pupil/geometric_fit_math.hpp"
#include "search_block.cuh"

namespace pt::gpu::search {

__device__ inline Ellipse block_nearest_geometrically(const EdgeList& border, const Ellipse& algebraic,
                                                      const RansacParams& params, const GeometricScratch& scratch) {
  using geometric_math::Matrix;
  using geometric_math::Params;
  constexpr int kSums = 30;  // J^T r (5), then J^T J (25) row by row
  static_assert(kSums <= kSearchThreads);
  __shared__ double sums[kSums];
  const int t = static_cast<int>(threadIdx.x);
  int m = 0;
  if (t == 0) {
    const int n = *border.count;
    for (int i = 0; i < n; ++i) {
      if (border.inlier[i] != 0) scratch.points[m++] = border.points[i];
    }
  }
  m = block_broadcast(m);
  auto cost = [&](const Params& e) {
    for (int i = t; i < m; i += kSearchThreads) {
      const double d = geometric_math::radial_residual(e, scratch.points[i]);
      scratch.terms[i] = d * d;
    }
    __syncthreads();
    double sum = 0.0;
    if (t == 0) {
      for (int i = 0; i < m; ++i) sum += scratch.terms[i];
    }
    return block_broadcast(sum);
  };
  auto normal_equations = [&](const Params& e, const Params& steps, Matrix& jtj, Params& jtr) {
    for (int i = t; i < m; i += kSearchThreads) {
      Params grad{};
      double* terms = scratch.terms + static_cast<std::size_t>(i) * kGeometricTerms;
      terms[0] = geometric_math::residual_gradient(e, steps, scratch.points[i], grad);
      for (int k = 0; k < 5; ++k) terms[1 + k] = grad[k];
    }
    __syncthreads();
    if (t < kSums) {
      // Entry t: grad[row] * r0 for t < 5, else grad[row] * grad[col].
      const int row = t < 5 ? t : (t - 5) / 5;
      const int other = t < 5 ? 0 : 1 + (t - 5) % 5;
      double acc = 0.0;
      for (int i = 0; i < m; ++i) {
        const double* terms = scratch.terms + static_cast<std::size_t>(i) * kGeometricTerms;
        acc += terms[1 + row] * terms[other];
      }
      sums[t] = acc;
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
