#pragma once
// The device search as a chain of tail launches (DeviceLoop::TailLaunch, CUDA's dynamic
// parallelism): a kernel that floods, then each Starburst iteration a kernel that launches the
// next iteration, or the verdict's kernel, to start when it ends (cudaStreamTailLaunch). The
// host's stream sees the chain end as one launch. Its kernels are relocatable device code, in a
// library of their own.
#include <cuda_runtime_api.h>

namespace pt::gpu::search {

struct SearchJob;
struct SearchProgress;

// The chain's first kernel, whose shared memory the caller sizes.
[[nodiscard]] const void* tail_chain_first_kernel();

// The dynamic shared memory the chain's step kernels can have (at least the default 48 KB).
[[nodiscard]] int tail_chain_most_step_bytes();

// Enqueues the search of *job (device memory) on `stream`, its progress kept in *progress, its
// steps given `step_shared_bytes` to stage their images in; returns the launch's status.
[[nodiscard]] cudaError_t launch_tail_chain(cudaStream_t stream, const SearchJob* job, SearchProgress* progress,
                                            int flood_shared_bytes, int step_shared_bytes);

}  // namespace pt::gpu::search
