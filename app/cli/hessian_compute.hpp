#pragma once
// The Hessian maps the `hessian` command and its benchmark ask for, on either backend.
#include <string>
#include <vector>

#include "pt/hessian/hessian_maps.hpp"
#include "pt/image.hpp"

namespace pt::cli {

enum class HessianMapKind { Lambda1, Lambda2, Direction, Blob, Vesselness };

struct HessianRequest {
  HessianMapKind map = HessianMapKind::Vesselness;
  std::vector<double> scales;  // one for lambda1, lambda2 and direction
  hessian::Polarity polarity = hessian::Polarity::Dark;  // blob and vesselness
  double beta = 0.5;
  double c = 0.0;
};

struct ComputedMap {
  Image<float> values;
  double compute_ms = 0.0;  // the computation alone; on CUDA from events, without the copies
};

// Empty when the CUDA backend can run here, else why not.
[[nodiscard]] std::string cuda_unavailable_reason();

// Throw std::invalid_argument for requests the maps refuse; compute_on_cuda throws
// std::runtime_error where cuda_unavailable_reason() is not empty.
[[nodiscard]] ComputedMap compute_on_cpu(ImageView<const float> src, const HessianRequest& request);
[[nodiscard]] ComputedMap compute_on_cuda(ImageView<const float> src, const HessianRequest& request);

}  // namespace pt::cli
