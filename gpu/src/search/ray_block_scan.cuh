#pragma once
// Ordered compaction within a search block: each thread holds a flag (keep my element or not)
// and learns how many kept elements come before its own, so kept elements land in the order
// of the threads, as the CPU's loops would push them.
#include "search_block.cuh"

namespace pt::gpu::search {

struct FlagScan {
  int before = 0;  // flags set in lower threads
  int total = 0;   // flags set in the whole block
};

// Called by all threads of the block.
__device__ inline FlagScan block_flag_scan(bool flag) {
  constexpr int kWarps = kSearchThreads / 32;
  __shared__ int warp_counts[kWarps];
  const int lane = static_cast<int>(threadIdx.x) % 32;
  const int warp = static_cast<int>(threadIdx.x) / 32;
  const unsigned ballot = __ballot_sync(0xffffffffU, flag);
  __syncthreads();  // warp_counts may still be read by a previous scan
  if (lane == 0) warp_counts[warp] = __popc(ballot);
  __syncthreads();
  FlagScan scan;
  scan.before = __popc(ballot & ((1U << lane) - 1U));
  for (int w = 0; w < kWarps; ++w) {
    if (w < warp) scan.before += warp_counts[w];
    scan.total += warp_counts[w];
  }
  return scan;
}

}  // namespace pt::gpu::search
