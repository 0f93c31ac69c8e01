#pragma once
// How the device search's iterations are launched (CudaDetectorOptions::device_loop).
#include <string_view>

namespace pt::gpu {

enum class DeviceLoop : unsigned char {
  // One kernel takes the flood, every Starburst iteration, the border and the verdict: no launch
  // between them. The default: the fastest (bench --what track --backend cuda times both).
  Persistent,
  // A CUDA graph: the flood, each iteration and the verdict are kernels of their own, the
  // iterations looped by a conditional WHILE node that the iteration kernel keeps going.
  Graph,
};

constexpr std::string_view to_string(DeviceLoop loop) noexcept {
  return loop == DeviceLoop::Graph ? "graph" : "persistent";
}

}  // namespace pt::gpu
