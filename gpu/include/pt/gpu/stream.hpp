#pragma once
// A non-blocking stream and a CUDA event, owned. Work is always enqueued on an explicit stream:
// the legacy default stream would serialise both eyes and every other stream behind it.
#include <cuda_runtime_api.h>

namespace pt::gpu {

// High: the device starts its blocks before those of normal streams waiting with them.
enum class StreamPriority { Normal, High };

class Stream {
 public:
  explicit Stream(StreamPriority priority = StreamPriority::Normal);
  ~Stream();
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;
  [[nodiscard]] cudaStream_t get() const noexcept { return stream_; }
  void synchronize() const;

 private:
  cudaStream_t stream_ = nullptr;
};

class Event {
 public:
  Event();
  ~Event();
  Event(const Event&) = delete;
  Event& operator=(const Event&) = delete;
  [[nodiscard]] cudaEvent_t get() const noexcept { return event_; }
  void record(cudaStream_t stream) const;
  void synchronize() const;
  // The same wait, the thread yielding its core between looks at the event rather than spinning
  // (the default for a process with no more CUDA contexts than cores) or sleeping in the driver,
  // which costs a wake-up.
  void wait_yielding() const;
  // Milliseconds between two events recorded (and completed) on the device.
  [[nodiscard]] float elapsed_ms_since(const Event& start) const;

 private:
  cudaEvent_t event_ = nullptr;
};

// Work enqueued on `waiter` after this call waits for what `signaller` had enqueued before it.
void stream_wait(cudaStream_t waiter, cudaStream_t signaller, const Event& via);

}  // namespace pt::gpu
