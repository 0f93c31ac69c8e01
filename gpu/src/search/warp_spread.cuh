#pragma once
// Which thread of the search block takes which of a few long tasks (a serial sum in the CPU's
// order, one hypothesis's fit). A warp's threads run one instruction stream, so tasks given to
// the threads of one warp wait on each other's latencies and share one scheduler: they go to
// different warps first.
#include "search_block.cuh"

namespace pt::gpu::search {

// This thread's task among `count` (at most kSearchThreads): task k goes to lane k / kWarps of
// warp k % kWarps; -1 for none.
__device__ inline int warp_spread_index(int count) {
  constexpr int kWarps = kSearchThreads / 32;
  const int k = static_cast<int>(threadIdx.x) / 32 + kWarps * (static_cast<int>(threadIdx.x) % 32);
  return k < count ? k : -1;
}

}  // namespace pt::gpu::search
