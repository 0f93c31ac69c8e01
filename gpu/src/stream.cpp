#include "pt/gpu/stream.hpp"

#include <thread>

#include "pt/gpu/cuda_check.hpp"

namespace pt::gpu {

Stream::Stream(StreamPriority priority) {
  int least = 0;
  int greatest = 0;
  PT_CUDA_CHECK(cudaDeviceGetStreamPriorityRange(&least, &greatest));
  PT_CUDA_CHECK(cudaStreamCreateWithPriority(&stream_, cudaStreamNonBlocking,
                                             priority == StreamPriority::High ? greatest : least));
}

Stream::~Stream() { (void)cudaStreamDestroy(stream_); }

void Stream::synchronize() const { PT_CUDA_CHECK(cudaStreamSynchronize(stream_)); }

Event::Event() { PT_CUDA_CHECK(cudaEventCreate(&event_)); }

Event::~Event() { (void)cudaEventDestroy(event_); }

void Event::record(cudaStream_t stream) const { PT_CUDA_CHECK(cudaEventRecord(event_, stream)); }

void Event::synchronize() const { PT_CUDA_CHECK(cudaEventSynchronize(event_)); }

void Event::wait_yielding() const {
  cudaError_t status = cudaEventQuery(event_);
  for (; status == cudaErrorNotReady; status = cudaEventQuery(event_)) std::this_thread::yield();
  PT_CUDA_CHECK(status);
}

float Event::elapsed_ms_since(const Event& start) const {
  float ms = 0.0F;
  PT_CUDA_CHECK(cudaEventElapsedTime(&ms, start.event_, event_));
  return ms;
}

void stream_wait(cudaStream_t waiter, cudaStream_t signaller, const Event& via) {
  via.record(signaller);
  PT_CUDA_CHECK(cudaStreamWaitEvent(waiter, via.get(), 0));
}

}  // namespace pt::gpu
