#pragma once
// A pitched 2-D image in device memory, as plain data that host code hands to kernels by value.
// Views never own memory: one region of a device frame (an eye) is a view like the whole frame.
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "pt/geometry.hpp"
#include "pt/host_device.hpp"

namespace pt::gpu {

template <class T>
struct DeviceView {
  T* data = nullptr;
  int width = 0;
  int height = 0;
  std::size_t pitch = 0;  // bytes from one row to the next

  PT_HOST_DEVICE T* row(int y) const {
    using Byte = std::conditional_t<std::is_const_v<T>, const unsigned char, unsigned char>;
    return reinterpret_cast<T*>(reinterpret_cast<Byte*>(data) + static_cast<std::ptrdiff_t>(y) * static_cast<std::ptrdiff_t>(pitch));
  }
  PT_HOST_DEVICE T& at(int x, int y) const { return row(y)[x]; }
  [[nodiscard]] bool empty() const noexcept { return data == nullptr || width <= 0 || height <= 0; }
  // The caller guarantees r lies inside the view.
  [[nodiscard]] DeviceView sub(const RectI& r) const noexcept {
    assert(r.x >= 0 && r.y >= 0 && r.x + r.w <= width && r.y + r.h <= height);
    return {row(r.y) + r.x, r.w, r.h, pitch};
  }
  // Read-only use of a writable image.
  template <class U>
    requires(std::is_same_v<U, T> && !std::is_const_v<T>)
  PT_HOST_DEVICE operator DeviceView<const U>() const noexcept { return {data, width, height, pitch}; }
  friend bool operator==(const DeviceView&, const DeviceView&) = default;
};

using DeviceViewU8 = DeviceView<std::uint8_t>;
using CDeviceViewU8 = DeviceView<const std::uint8_t>;

}  // namespace pt::gpu
