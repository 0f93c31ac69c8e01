#include "cli/backend_report.hpp"

#if defined(PT_HAVE_CUDA)
#include "pt/gpu/cuda_device_probe.hpp"
#endif

namespace pt::cli {

std::string backend_report() {
#if defined(PT_HAVE_CUDA)
  const gpu::CudaDeviceProbe probe = gpu::probe_cuda_device();
  if (!probe.usable) return "cpu (no usable CUDA device: " + probe.reason + ")";
  // The CUDA detector is not part of this version; say plainly that the device sits idle.
  return "cpu (CUDA device " + probe.device_name + " found, but this version tracks on the CPU only)";
#else
  return "cpu (built without CUDA)";
#endif
}

}  // namespace pt::cli
