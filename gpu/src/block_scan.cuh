#pragma once
// The exclusive prefix sum of one value per thread over a one-dimensional block of `Threads`
// threads (a multiple of 32), and the block's total; called by all of its threads.
namespace pt::gpu {

template <int Threads, class T>
__device__ T block_exclusive_scan(T value, T& total) {
  static_assert(Threads % 32 == 0 && Threads <= 1024);
  __shared__ T warp_totals[Threads / 32];
  const int lane = static_cast<int>(threadIdx.x) % 32;
  const int warp = static_cast<int>(threadIdx.x) / 32;
  T inclusive = value;
  for (int d = 1; d < 32; d *= 2) {
    const T up = __shfl_up_sync(0xFFFFFFFFU, inclusive, d);
    if (lane >= d) inclusive += up;
  }
  __syncthreads();  // the totals may still be read by a previous scan
  if (lane == 31) warp_totals[warp] = inclusive;
  __syncthreads();
  T before = inclusive - value;
  total = 0;
  for (int w = 0; w < Threads / 32; ++w) {
    if (w < warp) before += warp_totals[w];
    total += warp_totals[w];
  }
  return before;
}

}  // namespace pt::gpu
