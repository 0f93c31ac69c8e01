#include <cuda_runtime_api.h>

#include "pt/gpu/cuda_check.hpp"
#include "ray_casting.cuh"
#include "ray_edge_buffers.hpp"

namespace pt::gpu::search {
namespace {

__global__ void __launch_bounds__(kSearchThreads)
    cast_rays_kernel(CViewU8 image, CViewU8 reflections, Point2f seed, StarburstParams sp, RayCriterion criterion,
                     EdgeList out, RayCast* result) {
  const RayCast cast = block_cast_rays(image, reflections, seed, sp, criterion, out);
  if (threadIdx.x == 0) *result = cast;
}

}  // namespace

CastRays cast_rays_on_device(CViewU8 image, CViewU8 reflections, Point2f seed, const StarburstParams& sp,
                             const RayCriterion& criterion) {
  const EdgeListBuffers buffers(ray_cast_capacity(sp));
  const DeviceBuffer<RayCast> result(1);
  cast_rays_kernel<<<1, kSearchThreads>>>(image, reflections, seed, sp, criterion, buffers.list(), result.data());
  PT_CUDA_CHECK_LAUNCH();
  CastRays got;
  PT_CUDA_CHECK(cudaMemcpy(&got.cast, result.data(), sizeof(RayCast), cudaMemcpyDeviceToHost));
  got.edges = buffers.download(got.cast.edges);
  return got;
}

}  // namespace pt::gpu::search
