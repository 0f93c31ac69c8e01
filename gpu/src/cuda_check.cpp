#include "pt/gpu/cuda_check.hpp"

#include <string>

namespace pt::gpu {

void check_cuda(cudaError_t status, const char* call, const char* file, int line) {
  if (status == cudaSuccess) return;
  // The runtime keeps a failed call's error as the "last error" too; cleared here, it cannot be
  // blamed on the next kernel launch. (A sticky error, a broken context, stays regardless.)
  (void)cudaGetLastError();
  throw CudaError(std::string(file) + ":" + std::to_string(line) + ": " + call + " failed: " +
                  cudaGetErrorName(status) + " (" + cudaGetErrorString(status) + ")");
}

}  // namespace pt::gpu
