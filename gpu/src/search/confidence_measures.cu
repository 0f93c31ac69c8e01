#include <algorithm>

#include <cuda_runtime_api.h>

#include "confidence_measures.cuh"
#include "pt/gpu/cuda_check.hpp"
#include "ray_edge_buffers.hpp"

namespace pt::gpu::search {
namespace {

__global__ void __launch_bounds__(kSearchThreads)
    confidence_kernel(CViewU8 cleaned, CViewU8 smoothed, CViewU8 reflections, Ellipse e, EdgeList edges,
                      ConfidenceTerms* result) {
  ConfidenceTerms t;
  t.support = block_border_support(e, edges, reflections);
  t.noise = block_estimate_noise(cleaned, reflections, e);
  t.disc = block_dark_disc(smoothed, reflections, e, t.noise);
  t.confidence = pupil_confidence(t.support, t.disc, t.noise);
  if (threadIdx.x == 0) *result = t;
}

}  // namespace

ConfidenceTerms confidence_on_device(CViewU8 cleaned, CViewU8 smoothed, CViewU8 reflections, const Ellipse& e,
                                     const std::vector<Point2f>& edges, const std::vector<std::uint8_t>& inlier) {
  const int n = static_cast<int>(std::min(edges.size(), inlier.size()));
  const EdgeListBuffers buffers(std::max(1, n));
  if (n > 0) {
    PT_CUDA_CHECK(cudaMemcpy(buffers.points.data(), edges.data(), static_cast<std::size_t>(n) * sizeof(Point2f),
                             cudaMemcpyHostToDevice));
    PT_CUDA_CHECK(cudaMemcpy(buffers.inlier.data(), inlier.data(), static_cast<std::size_t>(n), cudaMemcpyHostToDevice));
  }
  PT_CUDA_CHECK(cudaMemcpy(buffers.count.data(), &n, sizeof(int), cudaMemcpyHostToDevice));
  const DeviceBuffer<ConfidenceTerms> result(1);
  confidence_kernel<<<1, kSearchThreads>>>(cleaned, smoothed, reflections, e, buffers.list(), result.data());
  PT_CUDA_CHECK_LAUNCH();
  ConfidenceTerms got;
  PT_CUDA_CHECK(cudaMemcpy(&got, result.data(), sizeof(ConfidenceTerms), cudaMemcpyDeviceToHost));
  return got;
}

}  // namespace pt::gpu::search
