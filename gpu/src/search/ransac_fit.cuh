#pragma once
// RansacConicFitter::fit for one search block. The points are staged in shared memory. The
// hypotheses are fitted a chunk at a time, a thread each (spread over the warps), and all of a chunk's inliers counted
// at once, a warp per hypothesis; one thread then replays the CPU's sequential choice
// (ransac::Selection) over them, so the search stops at the hypothesis where the CPU's does and
// keeps the same best. The first chunk is the floor of hypotheses that the CPU always takes, and
// each later one only as many as the best so far still needs, so little is counted in vain. The
// refits gather the consensus by a ballot scan, in the points' order, and fit it with the CPU's
// arithmetic (conic_block_fit.cuh).
#include <algorithm>
#include <cstddef>
#include <span>

#include "block_broadcast.cuh"
#include "conic_block_fit.cuh"
#include "edge_list.cuh"
#include "fit_shared_memory.cuh"
#include "ordered_gather.cuh"
#include "pt/pupil/conic_fit_math.hpp"
#include "pt/pupil/detector_params.hpp"
#include "pt/pupil/ransac_rules.hpp"
#include "ransac_fit_types.hpp"
#include "search_block.cuh"
#include "warp_reduce.cuh"
#include "warp_spread.cuh"

namespace pt::gpu::search {

// Where one fit keeps its arrays: shared memory, or for more than kStagedPoints points the
// global scratch.
struct RansacArrays {
  const Point2f* points = nullptr;
  Point2f* chosen[2] = {nullptr, nullptr};
  double* terms = nullptr;
  RadialDistance* fits = nullptr;  // each hypothesis's fit, with the rotation its votes take
  int* votes = nullptr;
};

__device__ inline RansacArrays ransac_arrays(const EdgeList& list, int n, const RansacScratch& scratch) {
  using L = RansacSharedLayout;
  RansacArrays a;
  a.fits = fit_shared_array<RadialDistance>(L::kFits);
  a.votes = fit_shared_array<int>(L::kVotes);
  if (n > kStagedPoints) {
    a.points = list.points;
    a.chosen[0] = scratch.chosen;
    a.chosen[1] = scratch.chosen + scratch.capacity;
    a.terms = scratch.terms;
    return a;
  }
  Point2f* staged = fit_shared_array<Point2f>(L::kPoints);
  for (int i = static_cast<int>(threadIdx.x); i < n; i += kSearchThreads) staged[i] = list.points[i];
  __syncthreads();
  a.points = staged;
  a.chosen[0] = fit_shared_array<Point2f>(L::kChosen);
  a.chosen[1] = a.chosen[0] + kStagedPoints;
  a.terms = fit_shared_array<double>(L::kTerms);
  return a;
}

// Hypothesis h's fit to its sample of points[0, n); false for a fit that is missing or outside
// the shape limits.
__device__ inline bool fit_hypothesis(const Point2f* points, int n, const float* unit_samples, int h, FitModel model,
                                      const ShapeLimits& limits, Ellipse& fit) {
  Point2f sample[ransac::kSampleSize];
  const float* u = unit_samples + static_cast<std::size_t>(h) * ransac::kSampleSize;
  for (int k = 0; k < ransac::kSampleSize; ++k) sample[k] = points[ransac::sample_index(u[k], static_cast<std::size_t>(n))];
  const MaybeEllipse e = conic_math::fit_conic(std::span<const Point2f>(sample, ransac::kSampleSize), model);
  fit = e.ellipse;
  return e.ok && limits.admits(e.ellipse);
}

// The points of points[0, n) within inlier_px of the fit whose `distance` it is, counted by one
// warp (every lane gets it).
__device__ inline int warp_votes(const RadialDistance& distance, const Point2f* points, int n, float inlier_px) {
  int votes = 0;
  for (int i = static_cast<int>(threadIdx.x) % 32; i < n; i += 32) votes += distance(points[i]) <= inlier_px ? 1 : 0;
  return warp_sum(0xFFFFFFFFU, votes);
}

// The fits of hypotheses [base, base + count), spread over the warps; votes -1 for a fit that
// is missing or outside the shape limits. Each admitted fit's rotation is prepared by the thread
// that fitted it, once, rather than by every lane of the warp that votes on it.
__device__ inline void fit_hypotheses(const RansacArrays& a, int n, const float* unit_samples, int base, int count,
                                      FitModel model, const ShapeLimits& limits) {
  const int t = warp_spread_index(count);
  if (t >= 0) {
    Ellipse fit;
    const bool admitted = fit_hypothesis(a.points, n, unit_samples, base + t, model, limits, fit);
    if (admitted) a.fits[t] = RadialDistance(fit);
    a.votes[t] = admitted ? 0 : -1;
  }
  __syncthreads();
}

// Counts the votes of the chunk's admitted hypotheses, warp w taking w, w + kWarps, ...
__device__ inline void count_votes(const RansacArrays& a, int n, int count, float inlier_px) {
  constexpr int kWarps = kSearchThreads / 32;
  for (int j = static_cast<int>(threadIdx.x) / 32; j < count; j += kWarps) {
    if (a.votes[j] < 0) continue;  // the same for the whole warp
    const int votes = warp_votes(a.fits[j], a.points, n, inlier_px);
    __syncwarp();  // every lane has read the slot above before lane 0 overwrites it
    if (threadIdx.x % 32 == 0) a.votes[j] = votes;
  }
  __syncthreads();
}

// The hypotheses' best in the CPU's order, as every thread's value; at most `chunk` fitted at
// once.
__device__ inline ransac::Selection select_hypothesis(const RansacArrays& a, int n, const float* unit_samples,
                                                      int hypotheses, int chunk, const RansacParams& params,
                                                      FitModel model, const ShapeLimits& limits) {
  __shared__ int stop;
  __shared__ int needed;  // the hypotheses that the best so far asks for
  if (threadIdx.x == 0) {
    stop = 0;
    needed = static_cast<int>(ransac::hypotheses_needed(1.0));  // the floor
  }
  __syncthreads();
  ransac::Selection selection(static_cast<std::size_t>(hypotheses));  // thread 0's is the one kept
  for (int base = 0; base < hypotheses && stop == 0;) {
    // Past `needed` the next admitted hypothesis ends the search: look for it a warp's worth at
    // a time.
    const int count = std::min({chunk, kSearchThreads, std::max(needed - base, 32), hypotheses - base});
    fit_hypotheses(a, n, unit_samples, base, count, model, limits);
    count_votes(a, n, count, params.inlier_px);
    if (threadIdx.x == 0) {
      for (int j = 0; j < count && stop == 0; ++j) {
        if (a.votes[j] < 0) continue;
        stop = selection.offer(static_cast<std::size_t>(base + j), a.fits[j].ellipse(), a.votes[j],
                               static_cast<std::size_t>(n))
                   ? 1
                   : 0;
      }
      needed = static_cast<int>(std::min(selection.needed, static_cast<std::size_t>(hypotheses)));
    }
    base += count;
    __syncthreads();
  }
  return block_broadcast(selection);
}

// Every hypothesis fitted (fit_hypothesis) and voted (warp_votes) beforehand, by a grid that
// spreads them over the whole device; votes -1 where fit_hypothesis gave false.
struct GivenHypotheses {
  const Ellipse* fits = nullptr;
  const int* votes = nullptr;
};

// select_hypothesis's choice among given hypotheses, as every thread's value.
__device__ inline ransac::Selection select_given(const GivenHypotheses& given, int n, int hypotheses) {
  ransac::Selection selection(static_cast<std::size_t>(hypotheses));  // thread 0's is the one kept
  if (threadIdx.x == 0) {
    for (int h = 0; h < hypotheses; ++h) {
      if (given.votes[h] < 0) continue;
      if (selection.offer(static_cast<std::size_t>(h), given.fits[h], given.votes[h], static_cast<std::size_t>(n))) break;
    }
  }
  return block_broadcast(selection);
}

// Whether the first `n` points of `a` and `b` are the same, bit for bit. Called by all threads of
// the block, which all see the answer.
__device__ inline bool block_same_points(const Point2f* a, const Point2f* b, int n) {
  int differ = 0;
  for (int i = static_cast<int>(threadIdx.x); i < n; i += kSearchThreads) {
    differ |= static_cast<int>(__float_as_uint(a[i].x) != __float_as_uint(b[i].x) ||
                               __float_as_uint(a[i].y) != __float_as_uint(b[i].y));
  }
  return __syncthreads_or(differ) == 0;
}

// RansacConicFitter::fit on the points of `points` (their count read from the device), with
// `hypotheses` index sets of ransac::kSampleSize uniforms each (RansacConicFitter::unit_samples:
// as many hypotheses as the CPU's fitter has), fitted and voted here unless `given`;
// leaves the returned fit's inlier flags in points.inlier (all 0 without a fit).
__device__ inline RansacFitResult block_ransac_fit(const EdgeList& points, const float* unit_samples, int hypotheses,
                                                   const RansacParams& params, FitModel model,
                                                   const ShapeLimits& limits, const RansacScratch& scratch,
                                                   const GivenHypotheses* given = nullptr) {
  const int n = *points.count;
  if (n < ransac::kSampleSize) {
    for (int i = static_cast<int>(threadIdx.x); i < n; i += kSearchThreads) points.inlier[i] = 0;
    __syncthreads();
    return {};
  }
  const RansacArrays a = ransac_arrays(points, n, scratch);
  const ransac::Selection selection =
      given != nullptr ? select_given(*given, n, hypotheses)
                       : select_hypothesis(a, n, unit_samples, hypotheses, scratch.chunk, params, model, limits);
  const float inlier_px = params.inlier_px;
  auto consensus = [&](const Ellipse& e, Point2f* chosen) {
    const RadialDistance distance(e);
    return block_gather(a.points, n, [&](int i) { return distance(a.points[i]) <= inlier_px; }, chosen);
  };
  ConicFit best{};
  if (selection.found) {
    // Refit on the consensus, then once more on the refit's own consensus; a refit's votes are
    // the size of its consensus, gathered beside the best's. Where that consensus is the very
    // points the refit was made on, the second refit would fit them again to the same ellipse
    // and votes (a fit depends only on its points, in their order), so it is not made.
    best = selection.best;
    int current = 0;
    int size = consensus(best.ellipse, a.chosen[current]);
    for (int round = 0; round < 2; ++round) {
      const MaybeEllipse refined = block_fit_conic(a.chosen[current], size, model, a.terms);
      if (!refined.ok || !limits.admits(refined.ellipse)) break;
      const int votes = consensus(refined.ellipse, a.chosen[1 - current]);
      if (votes < best.inliers) break;
      best = ConicFit{refined.ellipse, votes};
      // The last round ends the loop anyway: no need to compare.
      const bool settled =
          round == 0 && votes == size && block_same_points(a.chosen[current], a.chosen[1 - current], size);
      current = 1 - current;
      size = votes;
      if (settled) break;
    }
  }
  const RadialDistance distance(best.ellipse);
  for (int i = static_cast<int>(threadIdx.x); i < n; i += kSearchThreads) {
    points.inlier[i] = selection.found && distance(a.points[i]) <= inlier_px ? 1 : 0;
  }
  __syncthreads();
  if (!selection.found) return {};
  return {true, best};
}

}  // namespace pt::gpu::search
