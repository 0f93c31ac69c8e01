#pragma once
// Where a search launched as several kernels (a graph, a tail-launched chain) finds its job and
// keeps its progress between kernels: device memory of one lane, the job copied in from pinned
// memory ahead of each launch.
#include <cstring>

#include <cuda_runtime_api.h>

#include "eye_search_steps.cuh"
#include "pt/gpu/cuda_check.hpp"
#include "pt/gpu/device_memory.hpp"

namespace pt::gpu::search {

class SearchJobSlot {
 public:
  SearchJobSlot() : job_(1), job_host_(1), progress_(1) {}
  [[nodiscard]] const SearchJob* job() const noexcept { return job_.data(); }
  [[nodiscard]] SearchProgress* progress() const noexcept { return progress_.data(); }
  // Enqueues the copy of `job` in. The previous search must have finished: its pinned copy is reused.
  void put(cudaStream_t stream, const SearchJob& job) const {
    std::memcpy(job_host_.data(), &job, sizeof(SearchJob));
    PT_CUDA_CHECK(cudaMemcpyAsync(job_.data(), job_host_.data(), sizeof(SearchJob), cudaMemcpyHostToDevice, stream));
  }

 private:
  DeviceBuffer<SearchJob> job_;
  PinnedBuffer<SearchJob> job_host_;
  DeviceBuffer<SearchProgress> progress_;
};

}  // namespace pt::gpu::search
