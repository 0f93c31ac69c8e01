#pragma once
// Maps derived from the Hessian on the CPU: eigenvalues and direction at one scale, and the blob
// and Frangi vesselness responses as maxima over several scales.
#include <span>

#include "pt/hessian/hessian_pixel.hpp"
#include "pt/image.hpp"

namespace pt {
class ParallelFor;
}

namespace pt::hessian {

struct EigenViews {
  ImageView<float> lambda1;    // |lambda1| >= |lambda2|, scale-normalised
  ImageView<float> lambda2;
  ImageView<float> direction;  // of lambda1's eigenvector, radians in (-pi/2, pi/2]
};

struct EigenImages {
  Image<float> lambda1;
  Image<float> lambda2;
  Image<float> direction;
};

struct VesselnessParams {
  double beta = 0.5;  // Frangi's default: how fast a blob-like cross-section loses its response
  double c = 0.0;     // <= 0: half the largest Hessian norm at each scale, as Frangi suggests
  Polarity polarity = Polarity::Dark;
};

// The image as floats, for 8-bit input.
[[nodiscard]] Image<float> to_float_image(CViewU8 src);

// Every map takes an optional pool whose threads share the rows; scales must each lie in
// (0, kMaxSigma] and the list must not be empty (std::invalid_argument otherwise). Maps are
// written into views of the source's size (std::invalid_argument otherwise), or returned.
void hessian_eigen(ImageView<const float> src, double sigma, const EigenViews& out, ParallelFor* pool = nullptr);
void blob_map(ImageView<const float> src, std::span<const double> scales, Polarity polarity, ImageView<float> dst,
              ParallelFor* pool = nullptr);
// Keeps two scratch images of the source's size for the duration of the call.
void vesselness_map(ImageView<const float> src, std::span<const double> scales, const VesselnessParams& params,
                    ImageView<float> dst, ParallelFor* pool = nullptr);

[[nodiscard]] EigenImages hessian_eigen(ImageView<const float> src, double sigma, ParallelFor* pool = nullptr);
[[nodiscard]] Image<float> blob_map(ImageView<const float> src, std::span<const double> scales, Polarity polarity,
                                    ParallelFor* pool = nullptr);
[[nodiscard]] Image<float> vesselness_map(ImageView<const float> src, std::span<const double> scales,
                                          const VesselnessParams& params, ParallelFor* pool = nullptr);

// The exponent factors for one scale, whose largest S^2 = lambda1^2 + lambda2^2 over the image
// is max_structure_sq (used only where params.c <= 0). A flat image (max 0) responds nowhere.
[[nodiscard]] VesselnessTerms vesselness_terms(const VesselnessParams& params, float max_structure_sq);

// Throws std::invalid_argument for an empty list or a scale outside (0, kMaxSigma].
void validate_scales(std::span<const double> scales);

}  // namespace pt::hessian
