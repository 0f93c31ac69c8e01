#pragma once
// Programmatic dependent launch (compute capability 9.0 on): a kernel that follows another on its
// stream is launched while that one still runs, so its setup overlaps the other's last blocks
// instead of following them. Such a kernel waits for the one before (await_previous_grid) before
// it touches memory: it then sees all that kernel wrote, and overwrites nothing the kernel still
// reads. Only the launch moves earlier; the work and its results stay as they were.
#include <cstddef>

#include <cuda_runtime.h>

#include "pt/gpu/cuda_check.hpp"

namespace pt::gpu {

// By every thread of a kernel that launch_chained launches, before its first access to memory.
__device__ __forceinline__ void await_previous_grid() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("griddepcontrol.wait;" ::: "memory");
#endif
}

// The kernel that follows on the stream may be launched from now on. Called once the calling
// kernel has waited for its own predecessor, so that no more than two kernels of a stream hold
// the multiprocessors at once.
__device__ __forceinline__ void allow_next_grid() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("griddepcontrol.launch_dependents;" ::: "memory");
#endif
}

// Whether the current device launches kernels so (older ones launch them after the one before).
bool chained_launch_supported();

// `kernel` on `stream`, allowed to start before the kernel before it ends; it must begin with
// await_previous_grid().
template <class... Params, class... Args>
void launch_chained(void (*kernel)(Params...), dim3 grid, dim3 block, std::size_t shared_bytes, cudaStream_t stream,
                    Args... args) {
  cudaLaunchAttribute early{};
  early.id = cudaLaunchAttributeProgrammaticStreamSerialization;
  early.val.programmaticStreamSerializationAllowed = 1;
  cudaLaunchConfig_t config{};
  config.gridDim = grid;
  config.blockDim = block;
  config.dynamicSmemBytes = shared_bytes;
  config.stream = stream;
  config.attrs = &early;
  config.numAttrs = chained_launch_supported() ? 1U : 0U;
  PT_CUDA_CHECK(cudaLaunchKernelEx(&config, kernel, static_cast<Params>(args)...));
}

}  // namespace pt::gpu
