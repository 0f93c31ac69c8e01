#pragma once
// Test-only: the second derivatives that scan_hessian_rows hands out, gathered into whole images.
#include "pt/hessian/derivative_taps.hpp"
#include "pt/hessian/hessian_rows.hpp"
#include "pt/image.hpp"

namespace pt::test {

struct DerivativeImages {
  Image<float> dxx;
  Image<float> dxy;
  Image<float> dyy;
};

inline DerivativeImages derivative_images(ImageView<const float> src, double sigma, ParallelFor* pool = nullptr) {
  DerivativeImages d{Image<float>(src.width, src.height), Image<float>(src.width, src.height),
                     Image<float>(src.width, src.height)};
  hessian::scan_hessian_rows(src, hessian::derivative_taps(sigma), pool, [&](const hessian::HessianRow& r) {
    for (int x = 0; x < src.width; ++x) {
      const auto i = static_cast<std::size_t>(x);
      d.dxx.at(x, r.y) = r.dxx[i];
      d.dxy.at(x, r.y) = r.dxy[i];
      d.dyy.at(x, r.y) = r.dyy[i];
    }
  });
  return d;
}

}  // namespace pt::test
