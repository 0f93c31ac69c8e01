#pragma once
// Per-pixel arithmetic of the Hessian maps: the closed-form eigen decomposition of the symmetric
// 2x2 Hessian and the responses derived from it. The CPU maps and the CUDA kernels call these same
// functions, so both paths compute every pixel with the same formulas.
#include <cmath>

#include "pt/host_device.hpp"

namespace pt::hessian {

// Eigenvalues ordered by magnitude: |lambda1| >= |lambda2|. lambda1 is the principal curvature
// (across a ridge), lambda2 the one along it.
struct EigenPair {
  float lambda1 = 0.0F;
  float lambda2 = 0.0F;
};

// Which structures respond: brighter than their surroundings (corneal reflections, bright lines)
// or darker (pupils, retinal vessels).
enum class Polarity : unsigned char { Bright, Dark };

// ac - b^2 to within an ulp even when the products nearly cancel: lambda2 is computed from it,
// and a plain float difference would lose all its digits near a ridge. GPUs have a fast fused
// multiply-add, so Kahan's fma trick does it there; x86-64 without FMA would emulate std::fma in
// software, while double products of floats are exact and leave a single rounding.
PT_HOST_DEVICE inline float determinant2(float a, float b, float c) noexcept {
#if defined(__CUDA_ARCH__)
  const float bb = b * b;
  const float bb_error = std::fma(-b, b, bb);
  return std::fma(a, c, -bb) + bb_error;
#else
  return static_cast<float>(static_cast<double>(a) * c - static_cast<double>(b) * b);
#endif
}

// [[dxx, dxy], [dxy, dyy]]: lambda1 = m +- r takes the sign of m, so it never cancels; lambda2
// comes from the determinant instead of m -+ r, which would.
PT_HOST_DEVICE inline EigenPair symmetric_eigen(float dxx, float dxy, float dyy) noexcept {
  const float mean = 0.5F * (dxx + dyy);
  const float half_difference = 0.5F * (dxx - dyy);
  const float radius = std::sqrt(half_difference * half_difference + dxy * dxy);
  const float lambda1 = mean >= 0.0F ? mean + radius : mean - radius;
  const float lambda2 = lambda1 != 0.0F ? determinant2(dxx, dxy, dyy) / lambda1 : 0.0F;
  return {lambda1, lambda2};
}

// Direction of lambda1's eigenvector in radians, in (-pi/2, pi/2], x to the right and y down:
// the unit vector (cos, sin) of the result. Half the angle of (dxx - dyy, 2 dxy) is the
// direction of the algebraically larger eigenvalue; a negative lambda1 is the other one.
PT_HOST_DEVICE inline float principal_direction(float dxx, float dxy, float dyy, float lambda1) noexcept {
  constexpr float kHalfPi = 1.57079632679489662F;
  const float larger = 0.5F * std::atan2(2.0F * dxy, dxx - dyy);
  if (lambda1 >= 0.0F) return larger;
  return larger > 0.0F ? larger - kHalfPi : larger + kHalfPi;
}

// Blob response: the smaller curvature when both have the blob's sign, else 0. A line has one
// curvature near zero and so no response; a spot curves strongly in both directions.
PT_HOST_DEVICE inline float blob_response(EigenPair e, Polarity polarity) noexcept {
  if (polarity == Polarity::Bright) return (e.lambda1 < 0.0F && e.lambda2 < 0.0F) ? -e.lambda2 : 0.0F;
  return (e.lambda1 > 0.0F && e.lambda2 > 0.0F) ? e.lambda2 : 0.0F;
}

// Frangi's constants as the exponents want them: 1 / (2 beta^2) and 1 / (2 c^2).
struct VesselnessTerms {
  float inv_two_beta_sq = 2.0F;
  float inv_two_c_sq = 0.0F;
};

// Frangi et al. (1998), 2-D: exp(-Rb^2 / 2 beta^2) (1 - exp(-S^2 / 2 c^2)) with Rb = lambda2 /
// lambda1 (blob-likeness) and S^2 = lambda1^2 + lambda2^2 (structure against noise), 0 where the
// cross-ridge curvature has the wrong sign (a dark ridge curves upward across it).
PT_HOST_DEVICE inline float vesselness(EigenPair e, Polarity polarity, VesselnessTerms t) noexcept {
  const bool ridge = polarity == Polarity::Dark ? e.lambda1 > 0.0F : e.lambda1 < 0.0F;
  if (!ridge) return 0.0F;
  const float rb = e.lambda2 / e.lambda1;
  const float s_sq = e.lambda1 * e.lambda1 + e.lambda2 * e.lambda2;
  return std::exp(-rb * rb * t.inv_two_beta_sq) * (1.0F - std::exp(-s_sq * t.inv_two_c_sq));
}

// The Frobenius norm squared of the Hessian, S^2: Frangi's c is half its largest value.
PT_HOST_DEVICE inline float structure_sq(EigenPair e) noexcept {
  return e.lambda1 * e.lambda1 + e.lambda2 * e.lambda2;
}

// 1 / (2 c^2) for Frangi's automatic c = max S / 2, that is 2 / max S^2; a flat image (max 0)
// responds nowhere.
PT_HOST_DEVICE inline float automatic_inv_two_c_sq(float max_structure_sq) noexcept {
  return max_structure_sq > 0.0F ? 2.0F / max_structure_sq : 0.0F;
}

// Index into [0, n) mirrored without repeating the edge pixel (reflect-101, OpenCV's default
// border), however far outside i lies: a kernel may be wider than a small image.
PT_HOST_DEVICE inline int mirror_index(int i, int n) noexcept {
  if (n == 1) return 0;
  const int period = 2 * (n - 1);
  i %= period;
  if (i < 0) i += period;
  return i < n ? i : period - i;
}

}  // namespace pt::hessian
