#pragma once
// conic_math::fit_conic on many points by the search block: each sum over the points is taken by
// one thread in the points' order, as the CPU's loop takes it (a thread per moment), so the fit
// rounds as the CPU's does while the threads share the work.
#include <cstddef>

#include "block_broadcast.cuh"
#include "pt/pupil/conic_fit_math.hpp"
#include "search_block.cuh"

namespace pt::gpu::search {

// The fit of `model` to points[0, n); `distances` holds n doubles of scratch.
__device__ inline MaybeEllipse block_fit_conic(const Point2f* points, int n, FitModel model, double* distances) {
  using namespace conic_math;
  constexpr int kEllipseMoments = 27;  // S1, S2, S3 row by row
  static_assert(kCircleMoments <= kEllipseMoments && kEllipseMoments <= kSearchThreads);
  __shared__ double sums[kEllipseMoments];
  if (n < 0 || static_cast<std::size_t>(n) < minimum_points(model)) return {};
  const int t = static_cast<int>(threadIdx.x);
  const auto count = static_cast<std::size_t>(n);
  // normaliser_for, its three steps.
  if (t < 2) {
    double acc = 0.0;
    for (int i = 0; i < n; ++i) acc += t == 0 ? points[i].x : points[i].y;
    sums[t] = acc;
  }
  __syncthreads();
  Normaliser nm;
  nm.mx = sums[0] / static_cast<double>(count);
  nm.my = sums[1] / static_cast<double>(count);
  for (int i = t; i < n; i += kSearchThreads) distances[i] = distance_from_mean(points[i], nm);
  __syncthreads();
  if (t == 0) {
    double acc = 0.0;
    for (int i = 0; i < n; ++i) acc += distances[i];
    sums[2] = acc;
  }
  __syncthreads();
  nm.scale = scale_for(sums[2], count);
  __syncthreads();  // the moments overwrite the sums
  MaybeEllipse fit;
  if (model == FitModel::Circle) {
    if (t < kCircleMoments) {
      double acc = 0.0;
      for (int i = 0; i < n; ++i) acc += circle_terms(points[i], nm)[static_cast<std::size_t>(t)];
      sums[t] = acc;
    }
    __syncthreads();
    if (t == 0) {
      CircleMoments moments{};
      for (int k = 0; k < kCircleMoments; ++k) moments[static_cast<std::size_t>(k)] = sums[k];
      fit = circle_from_moments(moments, count, nm);
    }
  } else {
    if (t < kEllipseMoments) {
      const int which = t / 9;
      const auto row = static_cast<std::size_t>(t % 9 / 3);
      const auto col = static_cast<std::size_t>(t % 3);
      double acc = 0.0;
      for (int i = 0; i < n; ++i) {
        Vec3 d1{};
        Vec3 d2{};
        ellipse_design(points[i], nm, d1, d2);
        acc += scatter_term(which, row, col, d1, d2);
      }
      sums[t] = acc;
    }
    __syncthreads();
    if (t == 0) {
      EllipseMoments moments;
      for (int k = 0; k < kEllipseMoments; ++k) {
        Mat3& m = k < 9 ? moments.s1 : k < 18 ? moments.s2 : moments.s3;
        m[static_cast<std::size_t>(k % 9 / 3)][static_cast<std::size_t>(k % 3)] = sums[k];
      }
      fit = ellipse_from_moments(moments, nm);
    }
  }
  return block_broadcast(fit);
}

}  // namespace pt::gpu::search
