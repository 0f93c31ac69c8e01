#pragma once
// The median as the CPU's std::nth_element gives it: the element of rank size / 2 in sorted
// order. Ranks are counted per element with ties broken by position, so exactly one element
// holds each rank whatever order the values were gathered in.
namespace pt::gpu::search {

// Called by all threads of the block on `n` values in shared memory (n > 0); every thread gets
// the median. `result` is a shared slot of the caller's.
__device__ inline float block_median(const float* values, int n, float* result) {
  for (int i = static_cast<int>(threadIdx.x); i < n; i += static_cast<int>(blockDim.x)) {
    const float v = values[i];
    int rank = 0;
    for (int j = 0; j < n; ++j) rank += (values[j] < v || (values[j] == v && j < i)) ? 1 : 0;
    if (rank == n / 2) *result = v;
  }
  __syncthreads();
  const float median = *result;
  __syncthreads();
  return median;
}

}  // namespace pt::gpu::search
