#include "chained_launch.cuh"

#include "pt/gpu/cuda_check.hpp"

namespace pt::gpu {
namespace {

// Compiled for the same architectures as every chained kernel of this library.
__global__ void compiled_architecture_probe() {}

}  // namespace

bool chained_launch_supported() {
  int device = 0;
  PT_CUDA_CHECK(cudaGetDevice(&device));
  thread_local int known_device = -1;
  thread_local bool supported = false;
  if (device != known_device) {
    // The PTX version, not the device's: a 9.0 device that compiles older PTX at load time runs
    // kernels whose waits were compiled out.
    cudaFuncAttributes probe{};
    PT_CUDA_CHECK(cudaFuncGetAttributes(&probe, compiled_architecture_probe));
    supported = probe.ptxVersion >= 90;
    known_device = device;
  }
  return supported;
}

}  // namespace pt::gpu
