#pragma once
// Sums, minima and maxima over the lanes of a warp named in `mask`: one instruction from compute
// capability 8.0 on; before that (the Turing builds), a shuffle from each lane of the mask.
#include <type_traits>

namespace pt::gpu::search {

enum class WarpOp { Sum, Min, Max };

template <WarpOp Op, class T>
  requires(std::is_same_v<T, int> || std::is_same_v<T, unsigned>)
__device__ T warp_reduce(unsigned mask, T value) {
#if __CUDA_ARCH__ >= 800
  if constexpr (Op == WarpOp::Sum) return __reduce_add_sync(mask, value);
  if constexpr (Op == WarpOp::Min) return __reduce_min_sync(mask, value);
  if constexpr (Op == WarpOp::Max) return __reduce_max_sync(mask, value);
#else
  const auto combine = [](T a, T b) {
    if constexpr (Op == WarpOp::Sum) return a + b;
    if constexpr (Op == WarpOp::Min) return b < a ? b : a;
    if constexpr (Op == WarpOp::Max) return a < b ? b : a;
  };
  T result = __shfl_sync(mask, value, __ffs(static_cast<int>(mask)) - 1);
  for (unsigned rest = mask & (mask - 1U); rest != 0U; rest &= rest - 1U) {
    result = combine(result, __shfl_sync(mask, value, __ffs(static_cast<int>(rest)) - 1));
  }
  return result;
#endif
}

template <class T>
__device__ T warp_sum(unsigned mask, T value) {
  return warp_reduce<WarpOp::Sum>(mask, value);
}
template <class T>
__device__ T warp_min(unsigned mask, T value) {
  return warp_reduce<WarpOp::Min>(mask, value);
}
template <class T>
__device__ T warp_max(unsigned mask, T value) {
  return warp_reduce<WarpOp::Max>(mask, value);
}

}  // namespace pt::gpu::search
