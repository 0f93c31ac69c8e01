#pragma once
// Every CUDA runtime call goes through PT_CUDA_CHECK: a failure becomes an exception that names
// the call and where it was made, instead of an error code that a later call would mask.
#include <stdexcept>

#include <cuda_runtime_api.h>

namespace pt::gpu {

class CudaError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

void check_cuda(cudaError_t status, const char* call, const char* file, int line);

}  // namespace pt::gpu

#define PT_CUDA_CHECK(call) ::pt::gpu::check_cuda((call), #call, __FILE__, __LINE__)
// After a kernel launch: a bad configuration is reported by the launch itself, not by the call.
#define PT_CUDA_CHECK_LAUNCH() ::pt::gpu::check_cuda(cudaGetLastError(), "kernel launch", __FILE__, __LINE__)
