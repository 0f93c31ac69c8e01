#pragma once
// Hands a value that one thread of the search block computed to all of its threads.
#include <cstring>

#include "search_block.cuh"
#include "warp_reduce.cuh"

namespace pt::gpu::search {

// Called by all threads; returns `value` as thread `from` holds it. The storage is raw bytes
// because __shared__ variables take no constructors, and the value types carry default member
// initialisers.
template <class T>
__device__ T block_broadcast(const T& value, unsigned from = 0) {
  __shared__ alignas(alignof(T)) unsigned char storage[sizeof(T)];
  if (threadIdx.x == from) std::memcpy(storage, &value, sizeof(T));
  __syncthreads();
  T out = value;  // a T to copy into, whatever its constructors
  std::memcpy(&out, storage, sizeof(T));
  __syncthreads();  // the next broadcast of a T may overwrite the storage
  return out;
}

// The sum over the block of one integer per thread (exact in any order).
__device__ inline int block_sum(int value) {
  __shared__ int total;
  if (threadIdx.x == 0) total = 0;
  __syncthreads();
  value = warp_sum(0xFFFFFFFFU, value);
  if (threadIdx.x % 32 == 0) atomicAdd(&total, value);
  __syncthreads();
  const int out = total;
  __syncthreads();
  return out;
}

}  // namespace pt::gpu::search
