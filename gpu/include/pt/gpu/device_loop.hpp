#pragma once
// How the device search's iterations are launched (CudaDetectorOptions::device_loop).
#include <string_view>

namespace pt::gpu {

// All three make the same decisions to the bit. bench --what track --backend cuda times them in
// one run: on the H100 (1280x1024 binocular) the graph's median latency was 2-8 % below the
// persistent kernel's in each of seven runs of the three modes, its frames/s up to 16 % higher in
// all but one; the tail-launched chain fell between them.
enum class DeviceLoop : unsigned char {
  // A CUDA graph: the flood, each iteration and the verdict are kernels of their own, the
  // iterations looped by a conditional WHILE node that the iteration kernel keeps going. The
  // default.
  Graph,
  // One kernel takes the flood, every Starburst iteration, the border and the verdict: no launch
  // between them, but one kernel's resources for all of it.
  Persistent,
  // Dynamic parallelism: each iteration's kernel launches the next, or the verdict's, to start
  // when it ends (cudaStreamTailLaunch).
  TailLaunch,
};

constexpr std::string_view to_string(DeviceLoop loop) noexcept {
  switch (loop) {
    case DeviceLoop::Graph: return "graph";
    case DeviceLoop::TailLaunch: return "tail-launch";
    default: return "persistent";
  }
}

}  // namespace pt::gpu
