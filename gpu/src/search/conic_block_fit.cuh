#pragma once
// conic_math::fit_conic on many points by the search block. Each point's terms (its distance
// from the mean, then its moment terms or design rows) are formed in parallel; each sum over the
// points is then taken by one thread in the points' order, as the CPU's loop takes it, so the
// fit rounds as the CPU's does. The sums run side by side in different warps (warp_spread.cuh).
#include <cstddef>

#include "block_broadcast.cuh"
#include "pt/pupil/conic_fit_math.hpp"
#include "ransac_fit_types.hpp"
#include "search_block.cuh"
#include "warp_spread.cuh"

namespace pt::gpu::search {

// The fit of `model` to points[0, n); `terms` holds kConicTerms * n doubles of scratch. Both are
// best in shared memory: the serial sums read them point after point.
__device__ inline MaybeEllipse block_fit_conic(const Point2f* points, int n, FitModel model, double* terms) {
  using namespace conic_math;
  constexpr int kEllipseMoments = 27;  // S1, S2, S3 row by row
  static_assert(kCircleMoments <= kConicTerms && kEllipseMoments <= kSearchThreads);
  __shared__ double sums[kEllipseMoments];
  if (n < 0 || static_cast<std::size_t>(n) < minimum_points(model)) return {};
  const int t = static_cast<int>(threadIdx.x);
  const auto count = static_cast<std::size_t>(n);
  // normaliser_for, its three steps.
  const int mean_sum = warp_spread_index(2);
  if (mean_sum >= 0) {
    double acc = 0.0;
#pragma unroll 4
    for (int i = 0; i < n; ++i) acc += mean_sum == 0 ? points[i].x : points[i].y;
    sums[mean_sum] = acc;
  }
  __syncthreads();
  Normaliser nm;
  nm.mx = sums[0] / static_cast<double>(count);
  nm.my = sums[1] / static_cast<double>(count);
  for (int i = t; i < n; i += kSearchThreads) terms[i] = distance_from_mean(points[i], nm);
  __syncthreads();
  if (t == 0) {
    double acc = 0.0;
#pragma unroll 4
    for (int i = 0; i < n; ++i) acc += terms[i];
    sums[2] = acc;
  }
  __syncthreads();
  nm.scale = scale_for(sums[2], count);
  __syncthreads();  // the moments overwrite the sums and the terms
  MaybeEllipse fit;
  if (model == FitModel::Circle) {
    for (int i = t; i < n; i += kSearchThreads) {
      const CircleMoments c = circle_terms(points[i], nm);
      for (int k = 0; k < kCircleMoments; ++k) terms[kConicTerms * i + k] = c[static_cast<std::size_t>(k)];
    }
    __syncthreads();
    const int k = warp_spread_index(kCircleMoments);
    if (k >= 0) {
      double acc = 0.0;
#pragma unroll 4
      for (int i = 0; i < n; ++i) acc += terms[kConicTerms * i + k];
      sums[k] = acc;
    }
    __syncthreads();
    if (t == 0) {
      CircleMoments moments{};
      for (int m = 0; m < kCircleMoments; ++m) moments[static_cast<std::size_t>(m)] = sums[m];
      fit = circle_from_moments(moments, count, nm);
    }
  } else {
    // A point's terms: its design rows d1 (0-2) and d2 (3-5).
    for (int i = t; i < n; i += kSearchThreads) {
      Vec3 d1{};
      Vec3 d2{};
      ellipse_design(points[i], nm, d1, d2);
      for (std::size_t k = 0; k < 3; ++k) {
        terms[kConicTerms * i + k] = d1[k];
        terms[kConicTerms * i + 3 + k] = d2[k];
      }
    }
    __syncthreads();
    const int k = warp_spread_index(kEllipseMoments);
    if (k >= 0) {
      // scatter_term's factors: S1 = d1 d1^T, S2 = d1 d2^T, S3 = d2 d2^T.
      const int which = k / 9;
      const int row = k % 9 / 3 + (which == 2 ? 3 : 0);
      const int col = k % 3 + (which == 0 ? 0 : 3);
      double acc = 0.0;
#pragma unroll 4
      for (int i = 0; i < n; ++i) acc += terms[kConicTerms * i + row] * terms[kConicTerms * i + col];
      sums[k] = acc;
    }
    __syncthreads();
    if (t == 0) {
      EllipseMoments moments;
      for (int m = 0; m < kEllipseMoments; ++m) {
        Mat3& s = m < 9 ? moments.s1 : m < 18 ? moments.s2 : moments.s3;
        s[static_cast<std::size_t>(m % 9 / 3)][static_cast<std::size_t>(m % 3)] = sums[m];
      }
      fit = ellipse_from_moments(moments, nm);
    }
  }
  return block_broadcast(fit);
}

}  // namespace pt::gpu::search
