#pragma once
#include <cstddef>
#include <string>

namespace pt::gpu {

struct CudaDeviceProbe {
  bool usable = false;
  int device_count = 0;
  std::string device_name;   // of device 0 when usable
  int compute_major = 0;
  int compute_minor = 0;
  std::string reason;        // why not usable: no driver, no device, ...
};

// The hardware queues the probe asks the driver for: the most it gives.
inline constexpr int kHardwareQueues = 32;

// Never throws: a machine without a driver or device is an ordinary answer, not an error. Called
// before any other CUDA call, it also asks the driver for kHardwareQueues hardware queues (unless
// CUDA_DEVICE_MAX_CONNECTIONS is set), which only a context made afterwards gets.
CudaDeviceProbe probe_cuda_device();

// Device memory free now on the current device; 0 where it cannot be asked.
std::size_t free_device_memory();

}  // namespace pt::gpu
