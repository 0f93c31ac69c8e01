#pragma once
// The device search as a CUDA graph (DeviceLoop::Graph): a kernel that floods, a conditional
// WHILE node whose body is one Starburst iteration (the kernel sets the condition while the
// search goes on), and a kernel that judges the pupil; the progress between them stays in device
// memory. Instantiated once per lane; each frame's job is copied in ahead of the launch.
#include <cuda_runtime_api.h>

#include "search_job_slot.hpp"

namespace pt::gpu::search {

class SearchGraph {
 public:
  // For jobs whose flood asks `flood_shared_bytes` of dynamic shared memory, and whose steps
  // `step_shared_bytes` to stage their images in (staged_views.cuh).
  SearchGraph(int flood_shared_bytes, int step_shared_bytes);
  ~SearchGraph();
  SearchGraph(const SearchGraph&) = delete;
  SearchGraph& operator=(const SearchGraph&) = delete;

  // Its steps check the room they were given (staged_views.cuh), so more than a job needs serves.
  [[nodiscard]] bool serves(int flood_shared_bytes, int step_shared_bytes) const noexcept {
    return flood_shared_bytes == flood_shared_bytes_ && step_shared_bytes <= step_shared_bytes_;
  }
  [[nodiscard]] int step_shared_bytes() const noexcept { return step_shared_bytes_; }
  // Enqueues the search of `job` on `stream`. The previous launch must have finished (the job's
  // pinned copy is reused).
  void launch(cudaStream_t stream, const SearchJob& job);

 private:
  int flood_shared_bytes_;
  int step_shared_bytes_;
  SearchJobSlot slot_;
  cudaGraph_t graph_ = nullptr;
  cudaGraphExec_t exec_ = nullptr;
};

}  // namespace pt::gpu::search
