#pragma once
// The reciprocal of a whole number, rounded to nearest, without a branch.

namespace pt::gpu {

// 1 / x correctly rounded (the CPU's 1.0F / x) for a whole number x from 1 to below 2^126, such as a
// squared distance between pixels. __frcp_rn computes the same bits the same way, the hardware's
// approximation refined by one fused Newton step, but first branches to a slow path for
// exponents near the ends of the range; in a long sum of reciprocals that branch keeps the
// compiler from overlapping one term's arithmetic with the next one's.
__device__ __forceinline__ float whole_reciprocal(float x) {
  float r;
  asm("rcp.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(x));
  const float e = __fmaf_rn(x, r, -1.0F);
  return __fmaf_rn(r, -e, r);
}

}  // namespace pt::gpu
