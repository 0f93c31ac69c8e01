#pragma once
// Programmatic dependent launch (compute capability 9.0 on): a kernel that follows another on its
// stream is launched while that one still runs, so its launch and the placing of its blocks
// overlap the other's last blocks instead of following them. Such a kernel waits for the one
// before (await_previous_grid) before it touches memory: it then sees all that kernel wrote, and
// overwrites nothing the kernel still reads. Only the launch moves earlier; the work and its
// results stay as they were.
#include <cstddef>

#include <cuda_runtime.h>

namespace pt::gpu {

// By every thread of a kernel that launch_chained launches, before its first access to memory.
__device__ __forceinline__ void await_previous_grid() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("griddepcontrol.wait;" ::: "memory");
#endif
}

// The kernel that follows on the stream may be launched from now on. A chained kernel calls it
// only once it has waited for its own predecessor, so that no more than two kernels of a stream
// hold the multiprocessors at once; a kernel launched as usual may call it at once.
__device__ __forceinline__ void allow_next_grid() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("griddepcontrol.launch_dependents;" ::: "memory");
#endif
}

// Whether the code that the current device runs was compiled for 9.0 or later, so that its
// kernels wait as await_previous_grid() says (code compiled for older devices waits for nothing).
bool chained_launch_supported();

// Launches `kernel` on `stream`, allowed to start before the kernel before it ends; it must
// begin with await_previous_grid(). Returns the launch's status, for the caller's PT_CUDA_CHECK.
template <class... Params, class... Args>
[[nodiscard]] cudaError_t launch_chained(void (*kernel)(Params...), dim3 grid, dim3 block, std::size_t shared_bytes,
                                         cudaStream_t stream, Args... args) {
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
  return cudaLaunchKernelEx(&config, kernel, static_cast<Params>(args)...);
}

}  // namespace pt::gpu
