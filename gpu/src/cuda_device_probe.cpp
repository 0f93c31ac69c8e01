#include "pt/gpu/cuda_device_probe.hpp"

#include <cstdlib>
#include <string>

#include <cuda_runtime_api.h>

namespace pt::gpu {

CudaDeviceProbe probe_cuda_device() {
  // Each eye of each frame in flight has a stream of its own, and a replay cut into stretches has
  // many. Streams beyond the driver's default 8 hardware queues share them and wait behind each
  // other's unrelated work: 16 stretches on an H100 ran at 5.7k frames/s with 8 queues and at
  // 10.1k with 32. The driver reads the variable when it makes the context; a user's value stands.
  setenv("CUDA_DEVICE_MAX_CONNECTIONS", std::to_string(kHardwareQueues).c_str(), 0);
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

std::size_t free_device_memory() {
  std::size_t free = 0;
  std::size_t total = 0;
  if (cudaMemGetInfo(&free, &total) != cudaSuccess) {
    (void)cudaGetLastError();
    return 0;
  }
  return free;
}

}  // namespace pt::gpu
