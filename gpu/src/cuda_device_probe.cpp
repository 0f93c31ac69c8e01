#include "pt/gpu/cuda_device_probe.hpp"

#include <cuda_runtime_api.h>

namespace pt::gpu {

CudaDeviceProbe probe_cuda_device() {
  CudaDeviceProbe p;
  const cudaError_t err = cudaGetDeviceCount(&p.device_count);
  if (err != cudaSuccess) {
    p.device_count = 0;
    // cudaErrorInsufficientDriver / cudaErrorNoDevice are the ordinary answers of a CPU machine.
    p.reason = std::string(cudaGetErrorName(err)) + ": " + cudaGetErrorString(err);
    (void)cudaGetLastError();
    return p;
  }
  if (p.device_count == 0) {
    p.reason = "no CUDA device";
    return p;
  }
  cudaDeviceProp prop{};
  if (const cudaError_t e = cudaGetDeviceProperties(&prop, 0); e != cudaSuccess) {
    p.reason = std::string("cannot query device 0: ") + cudaGetErrorString(e);
    return p;
  }
  p.usable = true;
  p.device_name = prop.name;
  p.compute_major = prop.major;
  p.compute_minor = prop.minor;
  return p;
}

}  // namespace pt::gpu
