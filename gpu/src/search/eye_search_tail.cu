#include "eye_search_tail.hpp"

#include "../kernel_shared_memory.hpp"
#include "split_search_kernels.cuh"

namespace pt::gpu::search {
namespace {

// The next kernel starts once this one ends: another step while the search goes on, else the
// verdict. A launch the device refuses (its queue of pending launches full) ends the chain here,
// the frame left to the host as one the device cannot finish.
struct TailHandOn {
  int step_shared_bytes = 0;
  __device__ void operator()(const SearchProgress& p, const SearchJob* job, SearchProgress* progress) const;
};

__device__ void TailHandOn::operator()(const SearchProgress& p, const SearchJob* job, SearchProgress* progress) const {
  if (p.phase != SearchPhase::Done) {
    const auto bytes = static_cast<unsigned>(step_shared_bytes);
    split_step<TailHandOn><<<1, kSearchThreads, bytes, cudaStreamTailLaunch>>>(job, progress, *this);
  } else {
    split_end<<<1, kSearchThreads, 0, cudaStreamTailLaunch>>>(job, progress);
  }
  if (cudaGetLastError() != cudaSuccess) {
    leave_to_host(*job, p);
    publish_result(*job);
  }
}

}  // namespace

const void* tail_chain_first_kernel() { return reinterpret_cast<const void*>(&split_begin<TailHandOn>); }

int tail_chain_most_step_bytes() {
  static const int bytes = enable_most_shared_memory(reinterpret_cast<const void*>(&split_step<TailHandOn>));
  return bytes;
}

cudaError_t launch_tail_chain(cudaStream_t stream, const SearchJob* job, SearchProgress* progress,
                              int flood_shared_bytes, int step_shared_bytes) {
  split_begin<TailHandOn><<<1, kFloodThreads, static_cast<std::size_t>(flood_shared_bytes), stream>>>(
      job, progress, TailHandOn{step_shared_bytes});
  return cudaGetLastError();
}

}  // namespace pt::gpu::search
