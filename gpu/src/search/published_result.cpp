#include "published_result.hpp"

#include <atomic>
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
  next_check_ = std::chrono::steady_clock::now() + kStreamCheckEvery;
  ++serial_;
  if (serial_ == 0) ++serial_;  // 0 is the fresh buffer's
  return {device_, serial_};
}

bool PublishedResult::arrived() const {
  return std::atomic_ref<std::uint32_t>(host_.data()->serial).load(std::memory_order_acquire) == serial_;
}

bool PublishedResult::finished() const {
  if (arrived()) return true;
  const auto now = std::chrono::steady_clock::now();
  if (now < next_check_) return false;
  next_check_ = now + kStreamCheckEvery;
  const cudaError_t status = cudaStreamQuery(stream_);
  if (status == cudaErrorNotReady) return false;
  PT_CUDA_CHECK(status);
  // The stream is done, and with it the search's writes: the serial is there, or never will be.
  if (!arrived()) throw CudaError("a device search ended without publishing its result");
  return true;
}

void PublishedResult::wait(bool yielding) const {
  while (!finished()) {
    if (yielding) std::this_thread::yield();
  }
}

}  // namespace pt::gpu::search
