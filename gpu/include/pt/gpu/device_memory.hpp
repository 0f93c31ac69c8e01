#pragma once
// Owners of device and pinned host memory. All allocation happens in constructors, never while
// frames are in flight; destructors free without throwing.
#include <cstddef>
#include <cstdint>
#include <utility>

#include "pt/gpu/device_view.hpp"
#include "pt/image.hpp"

namespace pt::gpu {

namespace detail {
void* allocate_device(std::size_t bytes);
struct Pitched {
  void* data;
  std::size_t pitch;
};
Pitched allocate_pitched(std::size_t row_bytes, int rows);
void* allocate_pinned(std::size_t bytes);
void free_device(void* p) noexcept;
void free_pinned(void* p) noexcept;

// Move-only ownership of one allocation with its matching release.
template <void (*Release)(void*) noexcept>
class Allocation {
 public:
  Allocation() = default;
  explicit Allocation(void* p) noexcept : p_(p) {}
  Allocation(Allocation&& o) noexcept : p_(std::exchange(o.p_, nullptr)) {}
  Allocation& operator=(Allocation&& o) noexcept {
    if (this != &o) {
      Release(p_);
      p_ = std::exchange(o.p_, nullptr);
    }
    return *this;
  }
  Allocation(const Allocation&) = delete;
  Allocation& operator=(const Allocation&) = delete;
  ~Allocation() { Release(p_); }
  [[nodiscard]] void* get() const noexcept { return p_; }

 private:
  void* p_ = nullptr;
};
}  // namespace detail

// A linear array of `size` elements, in device memory or in page-locked host memory.
template <class T, void* (*Allocate)(std::size_t), void (*Release)(void*) noexcept>
class LinearBuffer {
 public:
  LinearBuffer() = default;
  explicit LinearBuffer(std::size_t size) : memory_(Allocate(size * sizeof(T))), size_(size) {}
  [[nodiscard]] T* data() const noexcept { return static_cast<T*>(memory_.get()); }
  [[nodiscard]] std::size_t size() const noexcept { return size_; }

 private:
  detail::Allocation<Release> memory_;
  std::size_t size_ = 0;
};

template <class T>
using DeviceBuffer = LinearBuffer<T, detail::allocate_device, detail::free_device>;
// Host memory the device copies to and from asynchronously (results of searches).
template <class T>
using PinnedBuffer = LinearBuffer<T, detail::allocate_pinned, detail::free_pinned>;

// A pitched 2-D image in device memory (rows aligned for coalesced access).
template <class T>
class DeviceImage {
 public:
  DeviceImage() = default;
  DeviceImage(int width, int height)
      : DeviceImage(detail::allocate_pitched(static_cast<std::size_t>(width) * sizeof(T), height), width, height) {}
  [[nodiscard]] int width() const noexcept { return width_; }
  [[nodiscard]] int height() const noexcept { return height_; }
  [[nodiscard]] DeviceView<T> view() const noexcept { return {static_cast<T*>(memory_.get()), width_, height_, pitch_}; }

 private:
  DeviceImage(detail::Pitched p, int width, int height) : memory_(p.data), pitch_(p.pitch), width_(width), height_(height) {}

  detail::Allocation<detail::free_device> memory_;
  std::size_t pitch_ = 0;
  int width_ = 0;
  int height_ = 0;
};

// An 8-bit image in page-locked host memory: copies to the device start from it directly,
// without the driver's staging copy.
class PinnedImageU8 {
 public:
  PinnedImageU8(int width, int height)
      : memory_(detail::allocate_pinned(static_cast<std::size_t>(width) * static_cast<std::size_t>(height))),
        width_(width),
        height_(height) {}
  [[nodiscard]] ViewU8 view() const noexcept { return {static_cast<std::uint8_t*>(memory_.get()), width_, height_, width_}; }

 private:
  detail::Allocation<detail::free_pinned> memory_;
  int width_ = 0;
  int height_ = 0;
};

using DeviceImageU8 = DeviceImage<std::uint8_t>;

// Zero device memory, or copy host memory into it, and wait until that is done: for buffers set
// up once, before any lane's stream reads them. They use a stream of their own: the lanes'
// streams do not wait for the default stream, and a device-wide wait is refused while another
// thread captures a graph (CapturedWork).
void zero_device_now(void* dst, std::size_t bytes);
void upload_now(void* dst, const void* src, std::size_t bytes);

}  // namespace pt::gpu
