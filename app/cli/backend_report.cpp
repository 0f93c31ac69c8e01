#include "cli/backend_report.hpp"

#include <algorithm>
#include <stdexcept>
#include <thread>
#include <utility>

#if defined(PT_HAVE_CUDA)
#include "pt/gpu/cuda_device_probe.hpp"
#include "pt/gpu/cuda_pupil_detector.hpp"
#endif

namespace pt::cli {

std::string cuda_status() {
#if defined(PT_HAVE_CUDA)
  const gpu::CudaDeviceProbe probe = gpu::probe_cuda_device();
  if (!probe.usable) return "no usable CUDA device (" + probe.reason + ")";
  return "device " + probe.device_name + " usable";
#else
  return "not built (configure with the CUDA toolkit)";
#endif
}

int default_cpu_threads(std::size_t eyes) {
  const auto cores = static_cast<std::size_t>(std::max(1U, std::thread::hardware_concurrency()));
  return static_cast<int>(std::clamp<std::size_t>(eyes, 1, cores));
}

BackendDecision decide_backend(const std::string& backend) {
  if (backend != "auto" && backend != "cpu" && backend != "cuda") {
    throw std::invalid_argument("unknown --backend '" + backend + "' (choose auto, cpu or cuda)");
  }
#if defined(PT_HAVE_CUDA)
  const gpu::CudaDeviceProbe probe = gpu::probe_cuda_device();
  const std::string device = probe.usable ? "CUDA device " + probe.device_name + " usable"
                                          : "no usable CUDA device (" + probe.reason + ")";
  if (backend == "cuda" && !probe.usable) throw std::runtime_error("--backend cuda: " + device);
  return {backend != "cpu" && probe.usable ? Backend::Cuda : Backend::Cpu, backend + ": " + device};
#else
  const std::string why = "CUDA not built (configure with the CUDA toolkit)";
  if (backend == "cuda") throw std::runtime_error("--backend cuda: " + why);
  return {Backend::Cpu, backend + ": " + why};
#endif
}

#if defined(PT_HAVE_CUDA)
namespace {

gpu::DeviceLoop device_loop_named(const std::string& name) {
  for (const gpu::DeviceLoop loop : {gpu::DeviceLoop::Graph, gpu::DeviceLoop::Persistent, gpu::DeviceLoop::TailLaunch}) {
    if (name == to_string(loop)) return loop;
  }
  throw std::invalid_argument("unknown --device-loop '" + name + "' (choose graph, persistent or tail-launch)");
}

}  // namespace
#endif

int cuda_frames_in_flight(const DetectorParams& params, int in_flight) {
  return params.window.enabled ? 1 : std::max(1, in_flight);
}

DetectorChoice choose_detector(const std::string& backend, const DetectorParams& params, std::size_t eyes,
                               int in_flight, bool device_search, const std::string& device_loop,
                               int stretches) {
  BackendDecision decision = decide_backend(backend);
  const int threads = default_cpu_threads(eyes);
#if defined(PT_HAVE_CUDA)
  if (decision.backend == Backend::Cuda) {
    gpu::CudaDetectorOptions options;
    options.max_in_flight = cuda_frames_in_flight(params, in_flight);
    options.search_threads = threads;
    options.device_search = device_search;
    options.device_loop = device_loop_named(device_loop);
    options.few_streams = stretches > 1;
    options.yield_while_waiting = stretches_outnumber_cores(stretches);
    return {gpu::make_cuda_detector(params, options), std::move(decision.why)};
  }
#else
  (void)in_flight;
  (void)device_search;
  (void)device_loop;
  (void)stretches;
#endif
  return {make_cpu_detector(params, threads), std::move(decision.why)};
}

int replay_stretches(Backend backend, const DetectorParams& params, std::span<const EyeRegion> regions) {
  constexpr std::size_t kMostCpuStretches = 16;
#if defined(PT_HAVE_CUDA)
  if (backend == Backend::Cuda) return cuda_replay_stretches(params, regions, gpu::free_device_memory());
#else
  (void)backend;
  (void)params;
#endif
  const auto cores = static_cast<std::size_t>(std::max(1U, std::thread::hardware_concurrency()));
  const std::size_t eyes = std::max<std::size_t>(1, regions.size());
  return static_cast<int>(std::clamp<std::size_t>(cores / eyes, 1, kMostCpuStretches));
}

#if defined(PT_HAVE_CUDA)
int cuda_replay_stretches(const DetectorParams& params, std::span<const EyeRegion> regions,
                          std::size_t free_device_bytes) {
  const int in_flight = cuda_frames_in_flight(params, kCudaFramesInFlightPerStretch);
  const int streams = gpu::few_streams_count(in_flight);
  std::size_t pixels = 0;
  for (const EyeRegion& r : regions) pixels += static_cast<std::size_t>(std::max(0, r.rect.w)) * std::max(0, r.rect.h);
  const std::size_t per_detector =
      std::max<std::size_t>(1, kCudaDeviceBytesPerRegionPixel * pixels * static_cast<std::size_t>(in_flight));
  const std::size_t fit = free_device_bytes / 4 * 3 / per_detector;
  const int most = streams > 1 ? kCudaMostWholeRegionStretches : kCudaMostWindowStretches;
  return static_cast<int>(std::clamp<std::size_t>(fit, 1, static_cast<std::size_t>(most)));
}
#endif

bool stretches_outnumber_cores(int stretches) {
  return static_cast<unsigned>(std::max(stretches, 1)) > std::max(1U, std::thread::hardware_concurrency());
}

bool cuda_search_on_device(const std::string& choice) {
  if (choice == "device" || choice == "auto") return true;
  if (choice == "host") return false;
  throw std::invalid_argument("unknown --cuda-search '" + choice + "' (choose auto, device or host)");
}

}  // namespace pt::cli
