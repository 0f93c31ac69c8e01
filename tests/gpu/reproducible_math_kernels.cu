#include "reproducible_math_kernels.hpp"

#include <algorithm>
#include <cmath>

#include "pt/gpu/cuda_check.hpp"
#include "pt/gpu/device_memory.hpp"

namespace pt::test {
namespace {

__global__ void evaluate_kernel(const double* x, const double* y, int n, MathValues* out) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) out[i] = math_values(x[i], y[i]);
}

}  // namespace

std::vector<MathValues> math_values_on_device(const std::vector<double>& x, const std::vector<double>& y) {
  const auto n = static_cast<int>(std::min(x.size(), y.size()));
  gpu::DeviceBuffer<double> dx(x.size());
  gpu::DeviceBuffer<double> dy(y.size());
  gpu::DeviceBuffer<MathValues> out(static_cast<std::size_t>(n));
  PT_CUDA_CHECK(cudaMemcpy(dx.data(), x.data(), x.size() * sizeof(double), cudaMemcpyHostToDevice));
  PT_CUDA_CHECK(cudaMemcpy(dy.data(), y.data(), y.size() * sizeof(double), cudaMemcpyHostToDevice));
  constexpr int kThreads = 256;
  evaluate_kernel<<<(n + kThreads - 1) / kThreads, kThreads>>>(dx.data(), dy.data(), n, out.data());
  PT_CUDA_CHECK(cudaGetLastError());
  std::vector<MathValues> values(static_cast<std::size_t>(n));
  PT_CUDA_CHECK(cudaMemcpy(values.data(), out.data(), values.size() * sizeof(MathValues), cudaMemcpyDeviceToHost));
  return values;
}

}  // namespace pt::test
