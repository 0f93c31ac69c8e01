#include "chained_launch.cuh"

namespace pt::gpu {

bool chained_launch_supported() {
  int device = 0;
  PT_CUDA_CHECK(cudaGetDevice(&device));
  int major = 0;
  PT_CUDA_CHECK(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device));
  return major >= 9;
}

}  // namespace pt::gpu
