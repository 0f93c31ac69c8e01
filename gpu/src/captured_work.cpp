#include "pt/gpu/captured_work.hpp"

#include "pt/gpu/cuda_check.hpp"

namespace pt::gpu {
namespace {

// Ends a capture that the work broke off by throwing, so that the stream takes work again.
void abandon_capture(cudaStream_t stream) noexcept {
  cudaGraph_t partial = nullptr;
  if (cudaStreamEndCapture(stream, &partial) == cudaSuccess && partial != nullptr) (void)cudaGraphDestroy(partial);
  (void)cudaGetLastError();  // the broken capture's error is the exception's, not the next call's
}

}  // namespace

CapturedWork::~CapturedWork() { drop(); }

void CapturedWork::drop() noexcept {
  if (exec_ != nullptr) (void)cudaGraphExecDestroy(exec_);
  exec_ = nullptr;
}

void CapturedWork::capture(cudaStream_t stream, const std::function<void(cudaStream_t)>& enqueue) {
  drop();
  // Thread-local: the other stretches' threads go on allocating and synchronising meanwhile.
  PT_CUDA_CHECK(cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal));
  try {
    enqueue(stream);
  } catch (...) {
    abandon_capture(stream);
    throw;
  }
  cudaGraph_t graph = nullptr;
  PT_CUDA_CHECK(cudaStreamEndCapture(stream, &graph));
  const cudaError_t made = cudaGraphInstantiate(&exec_, graph, 0);
  (void)cudaGraphDestroy(graph);
  if (made != cudaSuccess) exec_ = nullptr;
  PT_CUDA_CHECK(made);
}

void CapturedWork::launch(cudaStream_t stream, bool recapture, const std::function<void(cudaStream_t)>& enqueue) {
  if (recapture || exec_ == nullptr) capture(stream, enqueue);
  PT_CUDA_CHECK(cudaGraphLaunch(exec_, stream));
}

}  // namespace pt::gpu
