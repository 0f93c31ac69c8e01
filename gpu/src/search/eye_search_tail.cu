#include "eye_search_tail.hpp"

#include "eye_search_steps.cuh"

namespace pt::gpu::search {
namespace {

__global__ void tail_step(const SearchJob* job, SearchProgress* progress);
__global__ void tail_end(const SearchJob* job, const SearchProgress* progress);

// The next kernel starts once this one ends: another iteration while the search goes on.
__device__ void hand_on(SearchProgress& p, const StageClock& clock, const SearchJob* job, SearchProgress* progress) {
  if (!keep_progress(p, clock, progress)) return;
  if (p.phase != SearchPhase::Done) {
    tail_step<<<1, kSearchThreads, 0, cudaStreamTailLaunch>>>(job, progress);
  } else {
    tail_end<<<1, kSearchThreads, 0, cudaStreamTailLaunch>>>(job, progress);
  }
}

__global__ void __launch_bounds__(kSearchThreads) tail_begin(const SearchJob* job, SearchProgress* progress) {
  StageClock clock;
  SearchProgress p;
  begin_search(*job, p, clock);
  hand_on(p, clock, job, progress);
}

__global__ void __launch_bounds__(kSearchThreads) tail_step(const SearchJob* job, SearchProgress* progress) {
  SearchProgress p = *progress;
  StageClock clock(p.clock);
  search_step(*job, p, clock);
  hand_on(p, clock, job, progress);
}

__global__ void __launch_bounds__(kSearchThreads) tail_end(const SearchJob* job, const SearchProgress* progress) {
  const SearchProgress p = *progress;
  StageClock clock(p.clock);
  end_search(*job, p, clock);
}

}  // namespace

const void* tail_chain_first_kernel() { return reinterpret_cast<const void*>(&tail_begin); }

cudaError_t launch_tail_chain(cudaStream_t stream, const SearchJob* job, SearchProgress* progress,
                              int flood_shared_bytes) {
  tail_begin<<<1, kSearchThreads, static_cast<std::size_t>(flood_shared_bytes), stream>>>(job, progress);
  return cudaGetLastError();
}

}  // namespace pt::gpu::search
