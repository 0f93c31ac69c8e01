#pragma once
// One lane's search result, which the device writes straight into pinned host memory and seals
// with the search's serial (publish_result): the host sees it complete by reading memory, with no
// copy to enqueue and no event to record or query. With many detectors on one device, each of
// those calls contends for the driver; they were a third of a tracked frame's calls.
#include <chrono>
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
  // arrived(), asking the driver about the search's stream at most once a millisecond while it is
  // false: throws CudaError when that stream has failed, or has finished without the result.
  [[nodiscard]] bool finished() const;
  // Until finished(), the thread yielding its core between looks or spinning.
  void wait(bool yielding) const;
  [[nodiscard]] const EyeSearchResult& get() const noexcept { return *host_.data(); }

 private:
  PinnedBuffer<EyeSearchResult> host_;
  EyeSearchResult* device_ = nullptr;  // host_ as the device addresses it
  std::uint32_t serial_ = 0;
  cudaStream_t stream_ = nullptr;  // the last search's
  mutable std::chrono::steady_clock::time_point next_check_{};
};

}  // namespace pt::gpu::search
