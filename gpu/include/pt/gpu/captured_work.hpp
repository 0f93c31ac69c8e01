#pragma once
// Work that a stream is given frame after frame with the same arguments (an eye's
// preprocessing: ten kernels on the same buffers), captured once into a CUDA graph and then
// relaunched whole. A frame then costs the host one runtime call instead of one per kernel,
// and the device starts each kernel without waiting on the host. With many stretches tracked
// at once, each on its own host thread, the calls are the limit: the driver takes them one at
// a time.
#include <functional>
#include <optional>

#include <cuda_runtime_api.h>

namespace pt::gpu {

class CapturedWork {
 public:
  CapturedWork() = default;
  ~CapturedWork();
  CapturedWork(const CapturedWork&) = delete;
  CapturedWork& operator=(const CapturedWork&) = delete;

  // Enqueues on `stream` what `enqueue` enqueues on the stream it is handed: captured afresh
  // when `recapture` or when nothing is captured yet, else the last capture relaunched.
  // `enqueue` must only enqueue (no synchronisation, no allocation). Whatever it throws leaves
  // the stream as it was and nothing captured.
  void launch(cudaStream_t stream, bool recapture, const std::function<void(cudaStream_t)>& enqueue);

 private:
  void capture(cudaStream_t stream, const std::function<void(cudaStream_t)>& enqueue);
  void drop() noexcept;

  cudaGraphExec_t exec_ = nullptr;
};

// CapturedWork for work whose arguments may change from call to call: captured only once the same
// arguments come twice in a row, and enqueued as it is until then. Arguments that change every
// call (a tracking window sized from the last pupil) would cost a capture each time, more than
// the launches it saves.
template <class Arguments>
class CapturedOnRepeat {
 public:
  void launch(cudaStream_t stream, const Arguments& now, const std::function<void(cudaStream_t)>& enqueue) {
    const bool repeated = previous_ == now;
    previous_ = now;
    if (captured_for_ == now) {
      captured_.launch(stream, false, enqueue);
      return;
    }
    if (!repeated) {
      enqueue(stream);
      return;
    }
    captured_for_.reset();  // until the capture has succeeded
    captured_.launch(stream, true, enqueue);
    captured_for_ = now;
  }

 private:
  std::optional<Arguments> previous_;
  std::optional<Arguments> captured_for_;
  CapturedWork captured_;
};

}  // namespace pt::gpu
