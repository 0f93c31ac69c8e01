#include <cuda_runtime_api.h>

#include "border_levels.cuh"
#include "isophote_trace.cuh"
#include "pt/gpu/cuda_check.hpp"
#include "ray_edge_buffers.hpp"

namespace pt::gpu::search {
namespace {

__global__ void __launch_bounds__(kSearchThreads)
    levels_kernel(CViewU8 image, CViewU8 reflections, Ellipse e, float blur_px, LevelsResult* result) {
  const LevelsResult r = block_border_levels(image, reflections, e, blur_px);
  if (threadIdx.x == 0) *result = r;
}

__global__ void __launch_bounds__(kSearchThreads)
    rise_kernel(CViewU8 image, CViewU8 reflections, Ellipse e, BorderLevels levels, RiseResult* result) {
  const RiseResult r = block_border_rise(image, reflections, e, levels);
  if (threadIdx.x == 0) *result = r;
}

__global__ void __launch_bounds__(kSearchThreads)
    two_step_kernel(CViewU8 image, CViewU8 reflections, bool has_fit, Ellipse e, float blur_px, int* result) {
  const bool two = block_two_step(image, reflections, has_fit, e, blur_px);
  if (threadIdx.x == 0) *result = two ? 1 : 0;
}

__global__ void __launch_bounds__(kSearchThreads) isophote_kernel(CViewU8 image, CViewU8 reflections, Ellipse e,
                                                                  float level, int rays, EdgeList out,
                                                                  IsophoteTrace* result) {
  const IsophoteTrace r = block_trace_isophote(image, reflections, e, level, rays, out);
  if (threadIdx.x == 0) *result = r;
}

template <class T>
T fetch(const DeviceBuffer<T>& result) {
  PT_CUDA_CHECK_LAUNCH();
  T got{};
  PT_CUDA_CHECK(cudaMemcpy(&got, result.data(), sizeof(T), cudaMemcpyDeviceToHost));
  return got;
}

}  // namespace

LevelsResult border_levels_on_device(CViewU8 image, CViewU8 reflections, const Ellipse& e, float blur_px) {
  const DeviceBuffer<LevelsResult> result(1);
  levels_kernel<<<1, kSearchThreads>>>(image, reflections, e, blur_px, result.data());
  return fetch(result);
}

RiseResult border_rise_on_device(CViewU8 image, CViewU8 reflections, const Ellipse& e, const BorderLevels& levels) {
  const DeviceBuffer<RiseResult> result(1);
  rise_kernel<<<1, kSearchThreads>>>(image, reflections, e, levels, result.data());
  return fetch(result);
}

bool two_step_on_device(CViewU8 image, CViewU8 reflections, bool has_fit, const Ellipse& e, float blur_px) {
  const DeviceBuffer<int> result(1);
  two_step_kernel<<<1, kSearchThreads>>>(image, reflections, has_fit, e, blur_px, result.data());
  return fetch(result) != 0;
}

TracedIsophote trace_isophote_on_device(CViewU8 image, CViewU8 reflections, const Ellipse& e, float level, int rays) {
  const EdgeListBuffers buffers(rays);
  const DeviceBuffer<IsophoteTrace> result(1);
  isophote_kernel<<<1, kSearchThreads>>>(image, reflections, e, level, rays, buffers.list(), result.data());
  TracedIsophote got;
  got.trace = fetch(result);
  got.points = buffers.download(got.trace.points);
  return got;
}

}  // namespace pt::gpu::search
