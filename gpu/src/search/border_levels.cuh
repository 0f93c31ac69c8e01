#pragma once
// The border's levels and the two-step check on the device (measure_border_levels,
// border_rise_px and StarburstSearch::two_step): one ring sample per thread, medians by rank.
#include <array>
#include <optional>

#include "pt/image.hpp"
#include "pt/pupil/border_refinement.hpp"
#include "pt/pupil/border_sampling.hpp"
#include "border_levels.hpp"
#include "border_median.cuh"
#include "search_block.cuh"

namespace pt::gpu::search {

// Called by all threads of the block.
__device__ inline LevelsResult block_border_levels(CViewU8 image, CViewU8 reflections, const Ellipse& e,
                                                   float blur_px) {
  using namespace border_levels_rules;
  constexpr int kRingsEach = static_cast<int>(kInnerScales.size());
  constexpr int kPerSide = kRingsEach * kRingSamples;
  constexpr std::array<float, kRingsEach> inner_scales = kInnerScales;
  constexpr std::array<float, kRingsEach> outer_multiples = kOuterBlurMultiples;
  __shared__ float inner[kPerSide];
  __shared__ float outer[kPerSide];
  __shared__ int counts[2];
  __shared__ float median_slot;
  if (image.width < 2 || image.height < 2) return {};
  const int tid = static_cast<int>(threadIdx.x);
  if (tid < 2) counts[tid] = 0;
  __syncthreads();
  const EllipseFrame f = ellipse_frame(e);
  for (int i = tid; i < 2 * kPerSide; i += kSearchThreads) {
    const bool is_outer = i >= kPerSide;
    const int ring = (i % kPerSide) / kRingSamples;
    const int k = i % kRingSamples;
    const float scale = is_outer ? 1.0F : inner_scales[ring];
    const float extra = is_outer ? outer_multiples[ring] * blur_px : 0.0F;
    // The medians do not depend on the order the samples are gathered in.
    if (const auto g = clear_grey(image, reflections, ring_point(f, scale, extra, spread_angle(k, kRingSamples)))) {
      float* side = is_outer ? outer : inner;
      side[atomicAdd(&counts[is_outer ? 1 : 0], 1)] = *g;
    }
  }
  __syncthreads();
  const int n_inner = counts[0];
  const int n_outer = counts[1];
  __syncthreads();  // before a later call resets them
  if (n_inner < kMinLevelSamples || n_outer < kMinLevelSamples) return {};
  LevelsResult r;
  r.ok = true;
  r.value.inside = block_median(inner, n_inner, &median_slot);
  r.value.outside = block_median(outer, n_outer, &median_slot);
  return r;
}

// Called by all threads of the block: one warp per bin of the median profile, a bin's rays one
// per lane, the bins' medians read in the CPU's order.
__device__ inline RiseResult block_border_rise(CViewU8 image, CViewU8 reflections, const Ellipse& e,
                                               const BorderLevels& levels) {
  using namespace border_rise_rules;
  static_assert(kRays == 32, "a bin's rays are one warp");
  constexpr int kWarps = kSearchThreads / 32;
  constexpr float kNoMedian = -1.0F;
  __shared__ float medians[kWarps];
  if (image.width < 2 || image.height < 2) return {};
  const int lane = static_cast<int>(threadIdx.x) % 32;
  const int warp = static_cast<int>(threadIdx.x) / 32;
  const float step = bin_step(e);
  const int n_bins = bins(e);
  const EllipseFrame f = ellipse_frame(e);
  const float low = levels.inside + 0.25F * (levels.outside - levels.inside);
  const float high = levels.inside + 0.75F * (levels.outside - levels.inside);
  // Every thread reads the bins' medians in order and comes to the same result.
  float quarter = -1.0F;  // < 0 while the profile has not reached a quarter of the rise
  for (int base = 0; base < n_bins; base += kWarps) {
    const int bin = base + warp;
    const float rho = static_cast<float>(bin) * step;
    std::optional<float> g;
    if (bin < n_bins) g = clear_grey(image, reflections, ring_point(f, rho, 0.0F, spread_angle(lane, kRays)));
    // The bin's median among the lanes' samples, ranked by shuffles: ties go to the lower lane.
    const unsigned clear = __ballot_sync(0xffffffffU, g.has_value());
    const int n = __popc(clear);
    const float mine = g.value_or(0.0F);
    int rank = 0;
    for (int j = 0; j < kRays; ++j) {
      const float other = __shfl_sync(0xffffffffU, mine, j);
      rank += ((clear >> j) & 1U) != 0U && (other < mine || (other == mine && j < lane)) ? 1 : 0;
    }
    const unsigned middle = __ballot_sync(0xffffffffU, g.has_value() && rank == n / 2);
    const float median = __shfl_sync(0xffffffffU, mine, middle != 0U ? __ffs(static_cast<int>(middle)) - 1 : 0);
    if (lane == 0) medians[warp] = bin < n_bins && n >= kRays / 2 ? median : kNoMedian;
    __syncthreads();
    RiseResult found;
    for (int w = 0; w < kWarps && base + w < n_bins; ++w) {
      const float grey = medians[w];
      if (grey == kNoMedian) continue;
      const float rho_w = static_cast<float>(base + w) * step;
      if (quarter < 0.0F && grey >= low) quarter = rho_w;
      if (quarter >= 0.0F && grey >= high) {
        found = {true, (rho_w - quarter) * std::sqrt(e.a * e.b)};
        break;
      }
    }
    __syncthreads();  // before the next bins' medians are written
    if (found.ok) return found;
  }
  return {};
}

// Whether the grey across the fit `e` (if `has_fit`) rises in two steps (or not at all), as
// StarburstSearch::two_step decides before searching again from the darker region inside.
// Called by all threads of the block.
__device__ inline bool block_two_step(CViewU8 image, CViewU8 reflections, bool has_fit, const Ellipse& e,
                                      float blur_px) {
  if (!has_fit) return true;
  const LevelsResult levels = block_border_levels(image, reflections, e, blur_px);
  if (!levels.ok || levels.value.outside <= levels.value.inside) return true;
  const RiseResult rise = block_border_rise(image, reflections, e, levels.value);
  return border_rise_rules::two_step(rise.ok, rise.rise_px, blur_px);
}

}  // namespace pt::gpu::search
