#pragma once
#include <cstddef>
#include <memory>

#include "gobject_ptr.hpp"
#include "mono_format.hpp"
#include "pt/frame.hpp"
#include "pt/host_allocator.hpp"

namespace pt::camera::aravis {

// The buffers a camera stream fills. Buffers popped from the stream come with the stream's
// reference, which the caller drops; these methods only borrow them.
class StreamBuffers {
 public:
  virtual ~StreamBuffers() = default;
  // Queues every buffer that is free: for pool memory, every frame the pipeline has given back.
  virtual void queue_free(ArvStream* stream) = 0;
  // `buffer` was received whole (status and image size checked): its width x height picture
  // becomes `into`'s content. Its received byte count is not consulted: Aravis' fake camera
  // leaves it at 0 when a fill pattern of ours paints the picture.
  virtual void deliver(ArvStream* stream, ArvBuffer* buffer, pt::Frame& into) = 0;
  // `buffer`'s content is discarded and the buffer queued again.
  virtual void requeue(ArvStream* stream, ArvBuffer* buffer) = 0;
  // The stream was destroyed, and with it the buffers it held: they are free again. Only after
  // the stream's thread has stopped, since it may still be writing into them until then.
  virtual void forget_queued() = 0;
};

// Mono8 is filled in place in frame-pool memory from `allocator` and handed out without a copy
// (the caller's frame is swapped for the filled one); deeper grey lands in buffers of its own
// and is narrowed into the caller's frame.
[[nodiscard]] std::unique_ptr<StreamBuffers> make_stream_buffers(const MonoFormat& format, int width, int height,
                                                                 std::size_t payload, std::size_t count,
                                                                 std::shared_ptr<HostAllocator> allocator);

}  // namespace pt::camera::aravis
