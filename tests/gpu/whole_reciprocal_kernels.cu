#include "whole_reciprocal_kernels.hpp"

#include "pt/gpu/cuda_check.hpp"
#include "pt/gpu/device_memory.hpp"
#include "whole_reciprocal.cuh"

namespace pt::test {
namespace {

__global__ void reciprocal_kernel(const float* x, int n, float* out) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) out[i] = gpu::whole_reciprocal(x[i]);
}

}  // namespace

std::vector<float> whole_reciprocals_on_device(const std::vector<float>& x) {
  const auto n = static_cast<int>(x.size());
  gpu::DeviceBuffer<float> dx(x.size());
  gpu::DeviceBuffer<float> out(x.size());
  PT_CUDA_CHECK(cudaMemcpy(dx.data(), x.data(), x.size() * sizeof(float), cudaMemcpyHostToDevice));
  constexpr int kThreads = 256;
  reciprocal_kernel<<<(n + kThreads - 1) / kThreads, kThreads>>>(dx.data(), n, out.data());
  PT_CUDA_CHECK(cudaGetLastError());
  std::vector<float> values(x.size());
  PT_CUDA_CHECK(cudaMemcpy(values.data(), out.data(), values.size() * sizeof(float), cudaMemcpyDeviceToHost));
  return values;
}

}  // namespace pt::test
