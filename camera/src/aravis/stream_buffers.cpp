#include "stream_buffers.hpp"

#include <algorithm>
#include <cstring>
#include <unordered_map>
#include <utility>
#include <vector>

#include "pt/frame_pool.hpp"

namespace pt::camera::aravis {
namespace {

// The stream takes over one reference with each buffer it is given; ours stays with us.
void push(ArvStream* stream, ArvBuffer* buffer) {
  arv_stream_push_buffer(stream, static_cast<ArvBuffer*>(g_object_ref(buffer)));
}

class PoolBuffers final : public StreamBuffers {
 public:
  PoolBuffers(int width, int height, std::size_t payload, std::size_t count, std::shared_ptr<HostAllocator> allocator)
      : width_(width),
        height_(height),
        // A camera may send more than the picture (a trailer); the slots take the whole payload.
        pool_(width, std::max<int>(height, static_cast<int>((payload + static_cast<std::size_t>(width) - 1) /
                                                            static_cast<std::size_t>(width))),
              count, std::move(allocator)) {
    queued_.reserve(count);
  }

  void queue_free(ArvStream* stream) override {
    while (std::optional<pt::Frame> frame = pool_.try_acquire()) {
      std::uint8_t* memory = frame->pixels().data;
      GObjectPtr<ArvBuffer>& wrapper = wrappers_[memory];
      if (!wrapper) {
        const auto bytes = static_cast<std::size_t>(pool_.width()) * static_cast<std::size_t>(pool_.height());
        wrapper.reset(arv_buffer_new_full(bytes, memory, nullptr, nullptr));
      }
      queued_.push_back({wrapper.get(), std::move(*frame)});
      push(stream, wrapper.get());
    }
  }

  void deliver(ArvStream* /*stream*/, ArvBuffer* buffer, pt::Frame& into) override {
    const void* image = arv_buffer_get_image_data(buffer, nullptr);
    into = take(buffer);
    into.set_size(width_, height_);
    // Single-part images start at the buffer's start; anything else is moved there.
    if (image != into.pixels().data) std::memmove(into.pixels().data, image, bytes());
  }

  void requeue(ArvStream* stream, ArvBuffer* buffer) override {
    // The lease stays where it is: the slot goes straight back to the camera.
    push(stream, buffer);
  }

  void forget_queued() override { queued_.clear(); }

 private:
  struct Queued {
    ArvBuffer* buffer;
    pt::Frame frame;
  };

  [[nodiscard]] std::size_t bytes() const noexcept {
    return static_cast<std::size_t>(width_) * static_cast<std::size_t>(height_);
  }

  pt::Frame take(ArvBuffer* buffer) {
    const auto it = std::find_if(queued_.begin(), queued_.end(), [&](const Queued& q) { return q.buffer == buffer; });
    pt::Frame frame = std::move(it->frame);
    *it = std::move(queued_.back());
    queued_.pop_back();
    return frame;
  }

  int width_;
  int height_;
  pt::FramePool pool_;
  std::unordered_map<const std::uint8_t*, GObjectPtr<ArvBuffer>> wrappers_;  // one per slot, made on first use
  std::vector<Queued> queued_;  // the slots the stream holds, with their leases
};

class StagingBuffers final : public StreamBuffers {
 public:
  StagingBuffers(const MonoFormat& format, int width, int height, std::size_t payload, std::size_t count)
      : format_(format), width_(width), height_(height) {
    for (std::size_t i = 0; i < count; ++i) {
      buffers_.emplace_back(arv_buffer_new_allocate(payload));
      outside_.push_back(buffers_.back().get());
    }
  }

  void queue_free(ArvStream* stream) override {
    for (ArvBuffer* b : outside_) push(stream, b);
    outside_.clear();
  }

  void deliver(ArvStream* stream, ArvBuffer* buffer, pt::Frame& into) override {
    const auto* image = static_cast<const std::uint8_t*>(arv_buffer_get_image_data(buffer, nullptr));
    const auto row_bytes = static_cast<std::size_t>(width_) * static_cast<std::size_t>(format_.bytes_per_pixel());
    into.set_size(width_, height_);
    narrow_to_8bit(image, row_bytes, format_.bits, into.pixels());
    push(stream, buffer);
  }

  void requeue(ArvStream* stream, ArvBuffer* buffer) override { push(stream, buffer); }

  void forget_queued() override {
    outside_.clear();
    for (const GObjectPtr<ArvBuffer>& b : buffers_) outside_.push_back(b.get());
  }

 private:
  MonoFormat format_;
  int width_;
  int height_;
  std::vector<GObjectPtr<ArvBuffer>> buffers_;
  std::vector<ArvBuffer*> outside_;  // not in the stream
};

}  // namespace

std::unique_ptr<StreamBuffers> make_stream_buffers(const MonoFormat& format, int width, int height, std::size_t payload,
                                                   std::size_t count, std::shared_ptr<HostAllocator> allocator) {
  if (format.bytes_per_pixel() == 1) return std::make_unique<PoolBuffers>(width, height, payload, count, std::move(allocator));
  return std::make_unique<StagingBuffers>(format, width, height, payload, count);
}

}  // namespace pt::camera::aravis
