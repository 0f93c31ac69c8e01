#include "geometric_refinement.cuh"
#include "pt/gpu/cuda_check.hpp"
#include "ransac_fit.cuh"
#include "ransac_fit_launch.hpp"

namespace pt::gpu::search {
namespace {

__global__ void __launch_bounds__(kSearchThreads)
    ransac_fit_kernel(const RansacFitCase* cases, const float* unit_samples, int hypotheses, RansacParams params,
                      FitModel model, ShapeLimits limits, RansacFitResult* results) {
  const RansacFitCase c = cases[blockIdx.x];
  const RansacFitResult r = block_ransac_fit(c.points, unit_samples, hypotheses, params, model, limits, c.scratch);
  if (threadIdx.x == 0) results[blockIdx.x] = r;
}

__global__ void __launch_bounds__(kSearchThreads)
    geometric_kernel(const GeometricCase* cases, RansacParams params, Ellipse* results) {
  const GeometricCase c = cases[blockIdx.x];
  const Ellipse e = block_nearest_geometrically(c.border, c.algebraic, params, c.scratch);
  if (threadIdx.x == 0) results[blockIdx.x] = e;
}

}  // namespace

void launch_ransac_fits(const RansacFitCase* cases, int count, const float* unit_samples, int hypotheses,
                        const RansacParams& params, FitModel model, const ShapeLimits& limits,
                        RansacFitResult* results, cudaStream_t stream) {
  if (count <= 0) return;
  ransac_fit_kernel<<<static_cast<unsigned>(count), kSearchThreads, 0, stream>>>(cases, unit_samples, hypotheses,
                                                                                 params, model, limits, results);
  PT_CUDA_CHECK_LAUNCH();
}

void launch_nearest_geometrically(const GeometricCase* cases, int count, const RansacParams& params, Ellipse* results,
                                  cudaStream_t stream) {
  if (count <= 0) return;
  geometric_kernel<<<static_cast<unsigned>(count), kSearchThreads, 0, stream>>>(cases, params, results);
  PT_CUDA_CHECK_LAUNCH();
}

}  // namespace pt::gpu::search
