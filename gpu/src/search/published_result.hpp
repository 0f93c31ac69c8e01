#pragma once
// One lane's search result, which the device writes straight into pinned host memory and seals
// with the search's serial (publish_result): the host sees it complete by reading memory, with no
// copy to enqueue and no event to record or query. With many detectors on one device, each of
// those calls contends for the driver; they were a third of a tracked frame's calls.
#include <cstdint>

#include <cuda_runtime_api.h>

#include "eye_search.hpp"
#include "pt/gpu/device_memory.hpp"

namespace pt::gpu::search {

class PublishedResult {
 public:
  PublishedResult();
  // Where the next search, enqueued on `stream`, writes, with its serial: each call gives a new one.
  [[nodiscard]] ResultDestination next(cudaStream_t stream);
  // The search of the last next() has published its result.
  [[nodiscard]] bool arrived() const;
  // Until arrived(), the thread yielding its core between looks or spinning. Throws CudaError
  // when the search's stream fails, or finishes without the result.
  void wait(bool yielding) const;
  [[nodiscard]] const EyeSearchResult& get() const noexcept { return *host_.data(); }

 private:
  PinnedBuffer<EyeSearchResult> host_;
  EyeSearchResult* device_ = nullptr;  // host_ as the device addresses it
  std::uint32_t serial_ = 0;
  cudaStream_t stream_ = nullptr;  // the last search's
};

}  // namespace pt::gpu::search
