#pragma once
// Host launchers of the fit's block functions, one block per case, for the parity tests and
// their timings.
#include <cuda_runtime_api.h>

#include "edge_list.cuh"
#include "geometric_scratch.hpp"
#include "ransac_fit_types.hpp"

namespace pt::gpu::search {

struct RansacFitCase {
  EdgeList points;
  RansacScratch scratch;
};

// results[c] = block_ransac_fit on cases[c] (device arrays).
void launch_ransac_fits(const RansacFitCase* cases, int count, const float* unit_samples, int hypotheses,
                        const RansacParams& params, FitModel model, const ShapeLimits& limits,
                        RansacFitResult* results, cudaStream_t stream);

struct GeometricCase {
  EdgeList border;  // with the inlier flags of `algebraic`
  Ellipse algebraic;
  GeometricScratch scratch;
};

// results[c] = block_nearest_geometrically on cases[c] (device arrays).
void launch_nearest_geometrically(const GeometricCase* cases, int count, const RansacParams& params, Ellipse* results,
                                  cudaStream_t stream);

}  // namespace pt::gpu::search
