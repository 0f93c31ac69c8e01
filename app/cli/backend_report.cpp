#include "cli/backend_report.hpp"

#include <algorithm>
#include <thread>

#if defined(PT_HAVE_CUDA)
#include "pt/gpu/cuda_device_probe.hpp"
#endif

namespace pt::cli {

std::string cuda_status() {
#if defined(PT_HAVE_CUDA)
  const gpu::CudaDeviceProbe probe = gpu::probe_cuda_device();
  if (!probe.usable) return "no usable CUDA device (" + probe.reason + ")";
  // The CUDA detector is not part of this version; say plainly that the device sits idle.
  return "device " + probe.device_name + " found, but this version tracks on the CPU only";
#else
  return "not built (configure with the CUDA toolkit)";
#endif
}

int default_cpu_threads(std::size_t eyes) {
  const auto cores = static_cast<std::size_t>(std::max(1U, std::thread::hardware_concurrency()));
  return static_cast<int>(std::clamp<std::size_t>(eyes, 1, cores));
}

}  // namespace pt::cli
