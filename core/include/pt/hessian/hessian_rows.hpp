#pragma once
// The Hessian of an image at one scale, produced row by row for whatever consumes it (eigenvalues,
// blob or vessel maps), so that no full-size derivative image is ever stored.
#include <functional>
#include <span>

#include "pt/hessian/derivative_taps.hpp"
#include "pt/image.hpp"

namespace pt {
class ParallelFor;
}

namespace pt::hessian {

// Scale-normalised second derivatives of row y, image width long.
struct HessianRow {
  int y = 0;
  std::span<const float> dxx;
  std::span<const float> dxy;
  std::span<const float> dyy;
};

using HessianRowSink = std::function<void(const HessianRow&)>;

// Convolves src with the taps' separable derivative kernels (mirrored borders, reflect-101) and
// calls sink once per row. The image is cut into bands of rows: each band filters its source rows
// horizontally into a ring of 2 radius + 1 rows and each output row vertically from that ring.
// Bands run on the pool's threads (on the caller alone without a pool), so sink is called
// concurrently for rows of different bands, in row order within a band.
void scan_hessian_rows(ImageView<const float> src, const DerivativeTaps& taps, ParallelFor* pool,
                       const HessianRowSink& sink);

}  // namespace pt::hessian
