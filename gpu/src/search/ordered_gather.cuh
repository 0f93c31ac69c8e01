#pragma once
// Ordered gather within a search block: the points a predicate keeps, copied in their order (as
// the CPU's loop pushes them), by a ballot scan a block-wide pass at a time.
#include "pt/geometry.hpp"
#include "ray_block_scan.cuh"
#include "search_block.cuh"

namespace pt::gpu::search {

// Copies the points of [0, n) for which keep(i) holds to `out`, in order; returns how many, and
// `out` is readable by every thread on return. Called by all threads of the block.
template <class Keep>
__device__ int block_gather(const Point2f* points, int n, Keep&& keep, Point2f* out) {
  int total = 0;
  for (int base = 0; base < n; base += kSearchThreads) {
    const int i = base + static_cast<int>(threadIdx.x);
    const bool kept = i < n && keep(i);
    const FlagScan scan = block_flag_scan(kept);
    if (kept) out[total + scan.before] = points[i];
    total += scan.total;
  }
  __syncthreads();
  return total;
}

}  // namespace pt::gpu::search
