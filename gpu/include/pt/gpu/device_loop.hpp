#pragma once
// How the device search's iterations are launched (CudaDetectorOptions::device_loop).
#include <string_view>

namespace pt::gpu {

// All three make the same decisions to the bit. bench --what track --backend cuda times them in
// one run: on the H100 (1280x1024 binocular) the graph's median latency was 2-8 % below the
// persistent kernel's in each of ten runs of the three modes; frames/s and p99 latency moved
// either way by up to 16 % and 55 % from run to run (the machine's noise), and the
// tail-launched chain fell between the two.
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

// Whether this build has the loop: the graph's conditional nodes came with CUDA 12.4. A detector
// asked for a loop the build lacks runs the persistent kernel (its description says which).
[[nodiscard]] bool device_loop_built(DeviceLoop loop);

constexpr std::string_view to_string(DeviceLoop loop) noexcept {
  switch (loop) {
    case DeviceLoop::Graph: return "graph";
    case DeviceLoop::TailLaunch: return "tail-launch";
    default: return "persistent";
  }
}

}  // namespace pt::gpu
