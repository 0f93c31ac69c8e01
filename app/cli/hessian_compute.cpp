#include "cli/hessian_compute.hpp"

#include <algorithm>
#include <stdexcept>
#include <thread>

#include "cli/stage_timing.hpp"
#include "pt/parallel_for.hpp"

#if defined(PT_HAVE_CUDA)
#include "pt/gpu/cuda_device_probe.hpp"
#include "pt/gpu/hessian_maps.hpp"
#include "pt/gpu/stream.hpp"
#endif

namespace pt::cli {
namespace {

hessian::VesselnessParams vesselness_params(const HessianRequest& r) {
  hessian::VesselnessParams p;
  p.beta = r.beta;
  p.c = r.c;
  p.polarity = r.polarity;
  return p;
}

bool is_eigen_map(HessianMapKind k) {
  return k == HessianMapKind::Lambda1 || k == HessianMapKind::Lambda2 || k == HessianMapKind::Direction;
}

float* eigen_output(const hessian::EigenViews& views, HessianMapKind k) {
  return k == HessianMapKind::Lambda1 ? views.lambda1.data : k == HessianMapKind::Lambda2 ? views.lambda2.data
                                                                                           : views.direction.data;
}

}  // namespace

ComputedMap compute_on_cpu(ImageView<const float> src, const HessianRequest& r) {
  ParallelFor pool(static_cast<int>(std::max(1U, std::thread::hardware_concurrency())));
  ComputedMap out{Image<float>(src.width, src.height), 0.0};
  if (is_eigen_map(r.map)) {
    Image<float> a(src.width, src.height);
    Image<float> b(src.width, src.height);
    Image<float> c(src.width, src.height);
    const hessian::EigenViews views{a.view(), b.view(), c.view()};
    out.compute_ms = time_us([&] { hessian::hessian_eigen(src, r.scales.front(), views, &pool); }) / 1000.0;
    std::copy_n(eigen_output(views, r.map), a.width() * a.height(), out.values.data());
  } else if (r.map == HessianMapKind::Blob) {
    out.compute_ms = time_us([&] { hessian::blob_map(src, r.scales, r.polarity, out.values.view(), &pool); }) / 1000.0;
  } else {
    out.compute_ms = time_us([&] {
      hessian::vesselness_map(src, r.scales, vesselness_params(r), out.values.view(), &pool);
    }) / 1000.0;
  }
  return out;
}

#if defined(PT_HAVE_CUDA)

std::string cuda_unavailable_reason() {
  const gpu::CudaDeviceProbe probe = gpu::probe_cuda_device();
  return probe.usable ? std::string{} : "no usable CUDA device (" + probe.reason + ")";
}

ComputedMap compute_on_cuda(ImageView<const float> src, const HessianRequest& r) {
  if (const std::string why = cuda_unavailable_reason(); !why.empty()) throw std::runtime_error(why);
  const gpu::Stream stream;
  gpu::DeviceImage<float> input(src.width, src.height);
  gpu::DeviceImage<float> maps[3] = {{src.width, src.height}, {src.width, src.height}, {src.width, src.height}};
  // Made before timing starts: it allocates device memory, which is no part of the map's cost.
  gpu::VesselnessFilter vesselness(r.map == HessianMapKind::Vesselness ? r.scales : std::vector<double>{1.0},
                                   vesselness_params(r));
  gpu::upload_async(stream.get(), src, input.view());
  const gpu::Event start;
  const gpu::Event stop;
  std::size_t result = 0;
  start.record(stream.get());
  if (is_eigen_map(r.map)) {
    gpu::hessian_eigen(stream.get(), input.view(), r.scales.front(), {maps[0].view(), maps[1].view(), maps[2].view()});
    result = r.map == HessianMapKind::Lambda1 ? 0 : r.map == HessianMapKind::Lambda2 ? 1 : 2;
  } else if (r.map == HessianMapKind::Blob) {
    gpu::blob_map(stream.get(), input.view(), r.scales, r.polarity, maps[0].view());
  } else {
    vesselness(stream.get(), input.view(), maps[0].view());
  }
  stop.record(stream.get());
  ComputedMap out{Image<float>(src.width, src.height), 0.0};
  gpu::download_async(stream.get(), maps[result].view(), out.values.view());
  stream.synchronize();
  out.compute_ms = stop.elapsed_ms_since(start);
  return out;
}

#else

std::string cuda_unavailable_reason() { return "this build has no CUDA backend (configure with the CUDA toolkit)"; }

ComputedMap compute_on_cuda(ImageView<const float>, const HessianRequest&) {
  throw std::runtime_error(cuda_unavailable_reason());
}

#endif

}  // namespace pt::cli
