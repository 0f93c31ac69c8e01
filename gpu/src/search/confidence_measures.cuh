#pragma once
// The terms of the fit's confidence on the device (border_support, estimate_noise,
// measure_dark_disc): one edge, pixel pair or ring sample per thread, summed as integers,
// which is exact in any order and equals the CPU's float sums of whole grey levels.
#include <array>

#include "pt/image.hpp"
#include "pt/pupil/confidence_sampling.hpp"
#include "pt/pupil/pupil_confidence.hpp"
#include "confidence_measures.hpp"
#include "edge_list.cuh"
#include "search_block.cuh"

namespace pt::gpu::search {

// Called by all threads of the block; reads the first *edges.count points and their inlier marks.
__device__ inline float block_border_support(const Ellipse& e, EdgeList edges, CViewU8 reflections) {
  using confidence_rules::kSectors;
  __shared__ int hit[kSectors];
  const int tid = static_cast<int>(threadIdx.x);
  if (tid < kSectors) hit[tid] = 0;
  __syncthreads();
  const EllipseFrame f = ellipse_frame(e);
  const int n = *edges.count;
  for (int i = tid; i < n; i += kSearchThreads) {
    if (edges.inlier[i] != 0) atomicOr(&hit[support_sector(f, edges.points[i])], 1);
  }
  __syncthreads();
  const bool sector_hit = tid < kSectors && hit[tid] != 0;
  const int hits = __syncthreads_count(sector_hit);
  const int hidden_bare = __syncthreads_count(tid < kSectors && !sector_hit && sector_hidden(reflections, f, tid));
  return support_share(hits, hidden_bare);
}

// Called by all threads of the block.
__device__ inline float block_estimate_noise(CViewU8 image, CViewU8 reflections, const Ellipse& e) {
  __shared__ int sums[2];  // sum of differences, pairs
  const int tid = static_cast<int>(threadIdx.x);
  if (tid < 2) sums[tid] = 0;
  __syncthreads();
  const NoiseWindow w = noise_window(image, e);
  const int cols = w.x1 - w.x0;  // pairs per row
  const int rows = w.y1 - w.y0 + 1;
  int sum = 0;
  int n = 0;
  if (cols > 0 && rows > 0) {
    for (int i = tid; i < cols * rows; i += kSearchThreads) {
      const int d = noise_difference(w, image, reflections, w.x0 + i % cols, w.y0 + i / cols);
      if (d < 0) continue;
      sum += d;
      ++n;
    }
  }
  atomicAdd(&sums[0], sum);
  atomicAdd(&sums[1], n);
  __syncthreads();
  const float noise = noise_from_differences(static_cast<float>(sums[0]), sums[1]);
  __syncthreads();  // before a later call resets them
  return noise;
}

// Called by all threads of the block.
__device__ inline DarkDisc block_dark_disc(CViewU8 image, CViewU8 reflections, const Ellipse& e, float contrast_unit) {
  using namespace confidence_rules;
  constexpr int kInsideRings = static_cast<int>(kInsideScales.size());
  constexpr std::array<float, kInsideRings> inside_scales = kInsideScales;
  static_assert((1 + kInsideRings) * kContrastSamples <= kSearchThreads, "one sample per thread");
  __shared__ int sums[4];  // outside sum, outside samples, inside sum, inside samples
  const int tid = static_cast<int>(threadIdx.x);
  if (tid < 4) sums[tid] = 0;
  __syncthreads();
  const EllipseFrame f = ellipse_frame(e);
  // Thread k reads the outside ring's k-th sample, the next ones the inside rings'.
  int g = -1;
  const bool outside = tid < kContrastSamples;
  if (tid < (1 + kInsideRings) * kContrastSamples) {
    const int ring = tid / kContrastSamples - 1;
    g = outside ? disc_grey(image, reflections, f, 1.0F, kOutsideExtraPx, tid)
                : disc_grey(image, reflections, f, inside_scales[ring], 0.0F, tid % kContrastSamples);
  }
  if (g >= 0) {
    atomicAdd(&sums[outside ? 0 : 2], g);
    atomicAdd(&sums[outside ? 1 : 3], 1);
  }
  __syncthreads();
  DiscSums s;
  s.outside = static_cast<float>(sums[0]);
  s.outside_n = sums[1];
  s.inside = static_cast<float>(sums[2]);
  s.inside_n = sums[3];
  if (!s.enough()) {
    __syncthreads();  // before a later call resets the sums
    return {};
  }
  const float dark_below = s.dark_below(contrast_unit);
  const int dark = __syncthreads_count(!outside && g >= 0 && static_cast<float>(g) < dark_below);
  return s.disc(dark);
}

}  // namespace pt::gpu::search
