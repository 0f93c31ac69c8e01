#include "published_result.hpp"

#include <atomic>
#include <chrono>
#include <thread>

#include "pt/gpu/cuda_check.hpp"

namespace pt::gpu::search {
namespace {

// How often a wait asks the driver whether the search's stream has failed: rarely enough that
// the asking does not add to the calls it saves.
constexpr auto kStreamCheckEvery = std::chrono::milliseconds(1);

}  // namespace

PublishedResult::PublishedResult() : host_(1) {
  *host_.data() = EyeSearchResult{};  // pinned memory comes uninitialised: its serial could pass for one given
  void* device = nullptr;
  PT_CUDA_CHECK(cudaHostGetDevicePointer(&device, host_.data(), 0));
  device_ = static_cast<EyeSearchResult*>(device);
}

ResultDestination PublishedResult::next(cudaStream_t stream) {
  stream_ = stream;
  ++serial_;
  if (serial_ == 0) ++serial_;  // 0 is the fresh buffer's
  return {device_, serial_};
}

bool PublishedResult::arrived() const {
  return std::atomic_ref<std::uint32_t>(host_.data()->serial).load(std::memory_order_acquire) == serial_;
}

void PublishedResult::wait(bool yielding) const {
  auto next_check = std::chrono::steady_clock::now() + kStreamCheckEvery;
  while (!arrived()) {
    if (yielding) std::this_thread::yield();
    if (std::chrono::steady_clock::now() < next_check) continue;
    const cudaError_t status = cudaStreamQuery(stream_);
    if (status != cudaErrorNotReady) {
      PT_CUDA_CHECK(status);
      if (!arrived()) throw CudaError("a device search ended without publishing its result");
    }
    next_check = std::chrono::steady_clock::now() + kStreamCheckEvery;
  }
}

}  // namespace pt::gpu::search
