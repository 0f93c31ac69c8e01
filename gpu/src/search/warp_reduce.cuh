#pragma once
// Sums, minima and maxima over the lanes of a warp named in `mask`: one instruction from compute
// capability 8.0 on; before that (the Turing builds), a shuffle from each lane of the mask.
#include <type_traits>

namespace pt::gpu::search {
namespace warp_reduce_detail {

template <class T, class Combine>
__device__ T over_lanes(unsigned mask, T value, Combine combine) {
  T result = __shfl_sync(mask, value, __ffs(static_cast<int>(mask)) - 1);
  for (unsigned rest = mask & (mask - 1U); rest != 0U; rest &= rest - 1U) {
    result = combine(result, __shfl_sync(mask, value, __ffs(static_cast<int>(rest)) - 1));
  }
  return result;
}

}  // namespace warp_reduce_detail

template <class T>
  requires(std::is_same_v<T, int> || std::is_same_v<T, unsigned>)
__device__ T warp_sum(unsigned mask, T value) {
#if __CUDA_ARCH__ >= 800
  return __reduce_add_sync(mask, value);
#else
  return warp_reduce_detail::over_lanes(mask, value, [](T a, T b) { return a + b; });
#endif
}

template <class T>
  requires(std::is_same_v<T, int> || std::is_same_v<T, unsigned>)
__device__ T warp_min(unsigned mask, T value) {
#if __CUDA_ARCH__ >= 800
  return __reduce_min_sync(mask, value);
#else
  return warp_reduce_detail::over_lanes(mask, value, [](T a, T b) { return b < a ? b : a; });
#endif
}

template <class T>
  requires(std::is_same_v<T, int> || std::is_same_v<T, unsigned>)
__device__ T warp_max(unsigned mask, T value) {
#if __CUDA_ARCH__ >= 800
  return __reduce_max_sync(mask, value);
#else
  return warp_reduce_detail::over_lanes(mask, value, [](T a, T b) { return a < b ? b : a; });
#endif
}

}  // namespace pt::gpu::search
