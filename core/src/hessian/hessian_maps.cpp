#include "pt/hessian/hessian_maps.hpp"

#include <algorithm>
#include <mutex>
#include <stdexcept>

#include "pt/hessian/derivative_taps.hpp"
#include "pt/hessian/hessian_rows.hpp"
#include "pt/parallel_for.hpp"

namespace pt::hessian {
namespace {

// Rows of an image, on the pool's threads when there is one.
template <class Body>
void for_rows(int height, ParallelFor* pool, const Body& body) {
  if (pool == nullptr) {
    for (int y = 0; y < height; ++y) body(y);
  } else {
    pool->run(height, body);
  }
}

void check_size(ImageView<const float> src, ImageView<float> dst) {
  if (dst.width != src.width || dst.height != src.height) {
    throw std::invalid_argument("Hessian map: output size differs from the source's");
  }
}

// Lambda1 and lambda2 of one scale into two images; returns the largest S^2 seen.
float eigen_pairs(ImageView<const float> src, const DerivativeTaps& taps, ParallelFor* pool, ImageView<float> lambda1,
                  ImageView<float> lambda2) {
  std::mutex mutex;
  float max_structure = 0.0F;
  scan_hessian_rows(src, taps, pool, [&](const HessianRow& r) {
    float* l1 = lambda1.row(r.y);
    float* l2 = lambda2.row(r.y);
    float row_max = 0.0F;
    for (std::size_t x = 0; x < r.dxx.size(); ++x) {
      const EigenPair e = symmetric_eigen(r.dxx[x], r.dxy[x], r.dyy[x]);
      l1[x] = e.lambda1;
      l2[x] = e.lambda2;
      row_max = std::max(row_max, structure_sq(e));
    }
    const std::lock_guard lock(mutex);
    max_structure = std::max(max_structure, row_max);
  });
  return max_structure;
}

}  // namespace

void validate_scales(std::span<const double> scales) {
  if (scales.empty()) throw std::invalid_argument("at least one Hessian scale is needed");
  for (const double s : scales) (void)derivative_taps(s);
}

Image<float> to_float_image(CViewU8 src) {
  Image<float> out(src.width, src.height);
  for (int y = 0; y < src.height; ++y) {
    const std::uint8_t* in = src.row(y);
    float* o = out.view().row(y);
    for (int x = 0; x < src.width; ++x) o[x] = in[x];
  }
  return out;
}

void hessian_eigen(ImageView<const float> src, double sigma, const EigenViews& out, ParallelFor* pool) {
  const DerivativeTaps taps = derivative_taps(sigma);
  check_size(src, out.lambda1);
  check_size(src, out.lambda2);
  check_size(src, out.direction);
  scan_hessian_rows(src, taps, pool, [&](const HessianRow& r) {
    float* l1 = out.lambda1.row(r.y);
    float* l2 = out.lambda2.row(r.y);
    float* dir = out.direction.row(r.y);
    for (std::size_t x = 0; x < r.dxx.size(); ++x) {
      const EigenPair e = symmetric_eigen(r.dxx[x], r.dxy[x], r.dyy[x]);
      l1[x] = e.lambda1;
      l2[x] = e.lambda2;
      dir[x] = principal_direction(r.dxx[x], r.dxy[x], r.dyy[x], e.lambda1);
    }
  });
}

EigenImages hessian_eigen(ImageView<const float> src, double sigma, ParallelFor* pool) {
  EigenImages out{Image<float>(src.width, src.height), Image<float>(src.width, src.height),
                  Image<float>(src.width, src.height)};
  hessian_eigen(src, sigma, {out.lambda1.view(), out.lambda2.view(), out.direction.view()}, pool);
  return out;
}

void blob_map(ImageView<const float> src, std::span<const double> scales, Polarity polarity, ImageView<float> dst,
              ParallelFor* pool) {
  validate_scales(scales);
  check_size(src, dst);
  for (std::size_t s = 0; s < scales.size(); ++s) {
    scan_hessian_rows(src, derivative_taps(scales[s]), pool, [&](const HessianRow& r) {
      float* o = dst.row(r.y);
      for (std::size_t x = 0; x < r.dxx.size(); ++x) {
        const float v = blob_response(symmetric_eigen(r.dxx[x], r.dxy[x], r.dyy[x]), polarity);
        o[x] = s == 0 ? v : std::max(o[x], v);
      }
    });
  }
}

Image<float> blob_map(ImageView<const float> src, std::span<const double> scales, Polarity polarity,
                      ParallelFor* pool) {
  Image<float> out(src.width, src.height);
  blob_map(src, scales, polarity, out.view(), pool);
  return out;
}

VesselnessTerms vesselness_terms(const VesselnessParams& params, float max_structure_sq) {
  if (!(params.beta > 0.0)) throw std::invalid_argument("vesselness beta must be positive");
  VesselnessTerms t;
  t.inv_two_beta_sq = static_cast<float>(1.0 / (2.0 * params.beta * params.beta));
  if (params.c > 0.0) {
    t.inv_two_c_sq = static_cast<float>(1.0 / (2.0 * params.c * params.c));
  } else {
    t.inv_two_c_sq = automatic_inv_two_c_sq(max_structure_sq);
  }
  return t;
}

// Frangi's automatic c needs the whole image's largest norm before any pixel's response, so each
// scale stores its eigenvalues once and then turns them into vesselness.
void vesselness_map(ImageView<const float> src, std::span<const double> scales, const VesselnessParams& params,
                    ImageView<float> dst, ParallelFor* pool) {
  validate_scales(scales);
  check_size(src, dst);
  (void)vesselness_terms(params, 0.0F);
  Image<float> lambda1(src.width, src.height);
  Image<float> lambda2(src.width, src.height);
  for (std::size_t s = 0; s < scales.size(); ++s) {
    const float max_structure = eigen_pairs(src, derivative_taps(scales[s]), pool, lambda1.view(), lambda2.view());
    const VesselnessTerms terms = vesselness_terms(params, max_structure);
    for_rows(src.height, pool, [&](int y) {
      const float* l1 = lambda1.view().row(y);
      const float* l2 = lambda2.view().row(y);
      float* o = dst.row(y);
      for (int x = 0; x < src.width; ++x) {
        const float v = vesselness({l1[x], l2[x]}, params.polarity, terms);
        o[x] = s == 0 ? v : std::max(o[x], v);
      }
    });
  }
}

Image<float> vesselness_map(ImageView<const float> src, std::span<const double> scales,
                            const VesselnessParams& params, ParallelFor* pool) {
  Image<float> out(src.width, src.height);
  vesselness_map(src, scales, params, out.view(), pool);
  return out;
}

}  // namespace pt::hessian
