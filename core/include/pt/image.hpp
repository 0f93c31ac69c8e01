#pragma once
// Strided single-channel image views and an owning image. Views never own memory, so the same
// algorithms run on frames from a pool, on sub-regions (one eye), and on scratch buffers.
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "pt/geometry.hpp"
#include "pt/host_device.hpp"

namespace pt {

template <class T>
struct ImageView {
  T* data = nullptr;
  int width = 0;
  int height = 0;
  std::ptrdiff_t stride = 0;  // in elements, not bytes

  // Host and device: the pupil search reads device images through the same views.
  [[nodiscard]] PT_HOST_DEVICE bool empty() const noexcept { return data == nullptr || width <= 0 || height <= 0; }
  [[nodiscard]] PT_HOST_DEVICE T* row(int y) const noexcept { return data + static_cast<std::ptrdiff_t>(y) * stride; }
  [[nodiscard]] PT_HOST_DEVICE T& at(int x, int y) const noexcept {
    assert(x >= 0 && x < width && y >= 0 && y < height);
    return row(y)[x];
  }
  [[nodiscard]] RectI bounds() const noexcept { return {0, 0, width, height}; }
  // The caller guarantees r lies inside bounds().
  [[nodiscard]] PT_HOST_DEVICE ImageView sub(const RectI& r) const noexcept {
    assert(r.x >= 0 && r.y >= 0 && r.x + r.w <= width && r.y + r.h <= height);
    return {row(r.y) + r.x, r.w, r.h, stride};
  }
  // Read-only use of a writable view (a view of const pixels is that already).
  template <class U = T>
    requires(!std::is_const_v<U>)
  PT_HOST_DEVICE operator ImageView<const U>() const noexcept {
    return {data, width, height, stride};
  }
};

template <class T>
class Image {
 public:
  Image() = default;
  Image(int width, int height, T fill = T{})
      : pixels_(static_cast<std::size_t>(width) * static_cast<std::size_t>(height), fill),
        width_(width),
        height_(height) {}

  [[nodiscard]] int width() const noexcept { return width_; }
  [[nodiscard]] int height() const noexcept { return height_; }
  [[nodiscard]] bool empty() const noexcept { return pixels_.empty(); }
  [[nodiscard]] T* data() noexcept { return pixels_.data(); }
  [[nodiscard]] const T* data() const noexcept { return pixels_.data(); }
  [[nodiscard]] T& at(int x, int y) noexcept { return pixels_[index(x, y)]; }
  [[nodiscard]] const T& at(int x, int y) const noexcept { return pixels_[index(x, y)]; }
  [[nodiscard]] ImageView<T> view() noexcept { return {pixels_.data(), width_, height_, width_}; }
  [[nodiscard]] ImageView<const T> view() const noexcept { return {pixels_.data(), width_, height_, width_}; }
  // Reuses the allocation when the size does not grow: scratch buffers stay allocated across frames.
  void resize(int width, int height) {
    width_ = width;
    height_ = height;
    pixels_.resize(static_cast<std::size_t>(width) * static_cast<std::size_t>(height));
  }

 private:
  [[nodiscard]] std::size_t index(int x, int y) const noexcept {
    assert(x >= 0 && x < width_ && y >= 0 && y < height_);
    return static_cast<std::size_t>(y) * static_cast<std::size_t>(width_) + static_cast<std::size_t>(x);
  }
  std::vector<T> pixels_;
  int width_ = 0;
  int height_ = 0;
};

using ImageU8 = Image<std::uint8_t>;
using ViewU8 = ImageView<std::uint8_t>;
using CViewU8 = ImageView<const std::uint8_t>;

template <class T>
void copy_pixels(ImageView<const T> src, ImageView<T> dst) noexcept {
  assert(src.width == dst.width && src.height == dst.height);
  for (int y = 0; y < src.height; ++y) {
    const T* s = src.row(y);
    T* d = dst.row(y);
    for (int x = 0; x < src.width; ++x) d[x] = s[x];
  }
}

}  // namespace pt
