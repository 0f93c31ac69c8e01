#include "cli/hessian_bench.hpp"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <thread>
#include <vector>

#include "cli/frame_size.hpp"
#include "cli/hessian_compute.hpp"
#include "cli/stage_timing.hpp"
#include "pt/hessian/hessian_maps.hpp"
#include "pt/parallel_for.hpp"
#include "pt/synthetic_eyes.hpp"

#if defined(PT_HAVE_CUDA)
#include "pt/gpu/cuda_check.hpp"
#include "pt/gpu/hessian_maps.hpp"
#include "pt/gpu/stream.hpp"
#endif

namespace pt::cli {
namespace {

constexpr double kEigenSigma = 2.0;
const std::vector<double> kVesselScales = {2.0, 3.0, 4.5, 6.0, 8.0};
// A CPU run of the vesselness takes seconds; the GPU's are short enough for many.
constexpr int kCpuRuns = 5;
constexpr int kGpuRuns = 50;
constexpr int kGpuWarmUp = 3;

struct Stages {
  StageTiming baseline;
  StageTiming eigen;
  StageTiming vesselness;
};

Image<float> bench_image(int w, int h) {
  SyntheticConfig config;
  config.width = w;
  config.height = h;
  config.eyes = 1;
  SyntheticEyeRenderer renderer(config);
  ImageU8 frame(w, h);
  (void)renderer.render_next(frame.view());
  return hessian::to_float_image(frame.view());
}

Stages time_cpu(const Image<float>& src) {
  const int threads = static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
  ParallelFor pool(threads);
  const int w = src.width();
  const int h = src.height();
  Image<float> a(w, h);
  Image<float> b(w, h);
  Image<float> c(w, h);
  const std::size_t bytes = static_cast<std::size_t>(w) * static_cast<std::size_t>(h) * sizeof(float);
  Stages s{{"cpu baseline: memcpy of the float image", {}},
           {"cpu eigenvalues, sigma 2 (" + std::to_string(threads) + " threads)", {}},
           {"cpu vesselness, 5 scales (" + std::to_string(threads) + " threads)", {}}};
  // The first run of each is not counted: it faults the output pages in.
  for (int i = 0; i <= kCpuRuns; ++i) {
    const double copy = time_us([&] { std::memcpy(a.data(), src.data(), bytes); });
    const double eigen = time_us([&] { hessian::hessian_eigen(src.view(), kEigenSigma, {a.view(), b.view(), c.view()}, &pool); });
    const double vessel = time_us([&] { hessian::vesselness_map(src.view(), kVesselScales, {}, a.view(), &pool); });
    if (i == 0) continue;
    s.baseline.add(copy);
    s.eigen.add(eigen);
    s.vesselness.add(vessel);
  }
  return s;
}

#if defined(PT_HAVE_CUDA)

// Milliseconds of each of runs enqueued back to back, from events between them.
template <class Body>
StageTiming time_on_device(const std::string& name, const gpu::Stream& stream, Body&& body) {
  for (int i = 0; i < kGpuWarmUp; ++i) body();
  std::vector<gpu::Event> marks(kGpuRuns + 1);
  marks[0].record(stream.get());
  for (int i = 1; i <= kGpuRuns; ++i) {
    body();
    marks[static_cast<std::size_t>(i)].record(stream.get());
  }
  stream.synchronize();
  StageTiming t{name, {}};
  for (std::size_t i = 1; i < marks.size(); ++i) t.add(1000.0 * marks[i].elapsed_ms_since(marks[i - 1]));
  return t;
}

Stages time_cuda(const Image<float>& src) {
  const gpu::Stream stream;
  const int w = src.width();
  const int h = src.height();
  gpu::DeviceImage<float> input(w, h);
  gpu::DeviceImage<float> maps[3] = {{w, h}, {w, h}, {w, h}};
  gpu::upload_async(stream.get(), src.view(), input.view());
  gpu::VesselnessFilter vesselness(kVesselScales, {});
  const gpu::DeviceViewF32 in = input.view();
  const gpu::DeviceViewF32 out = maps[0].view();
  return {time_on_device("cuda baseline: device copy of the float image", stream,
                         [&] {
                           PT_CUDA_CHECK(cudaMemcpy2DAsync(out.data, out.pitch, in.data, in.pitch,
                                                           static_cast<std::size_t>(w) * sizeof(float),
                                                           static_cast<std::size_t>(h), cudaMemcpyDeviceToDevice,
                                                           stream.get()));
                         }),
          time_on_device("cuda eigenvalues, sigma 2 (GPU-resident)", stream,
                         [&] {
                           gpu::hessian_eigen(stream.get(), input.view(), kEigenSigma,
                                              {maps[0].view(), maps[1].view(), maps[2].view()});
                         }),
          time_on_device("cuda vesselness, 5 scales (GPU-resident)", stream,
                         [&] { vesselness(stream.get(), input.view(), maps[0].view()); })};
}

#else

Stages time_cuda(const Image<float>&) { throw std::runtime_error(cuda_unavailable_reason()); }

#endif

void print(const Stages& s) {
  const double baseline = s.baseline.percentile(0.5);
  for (const StageTiming* t : {&s.baseline, &s.eigen, &s.vesselness}) {
    std::printf("%-48s %11.3f %11.3f %11.2f\n", t->name.c_str(), t->percentile(0.5) / 1000.0,
                t->percentile(0.99) / 1000.0, t->percentile(0.5) / std::max(baseline, 1e-9));
  }
}

}  // namespace

int run_hessian_bench(const std::string& size, bool cuda) {
  try {
    const auto [w, h] = parse_frame_size(size, "--size");
    if (cuda) {
      if (const std::string why = cuda_unavailable_reason(); !why.empty()) throw std::runtime_error("--backend cuda: " + why);
    }
    std::fprintf(stderr, "bench hessian: %dx%d float image of a synthetic eye; eigenvalues at sigma 2, Frangi vesselness "
                         "over sigma 2,3,4.5,6,8; CPU%s\n", w, h, cuda ? " and CUDA" : " only (--backend cuda adds the GPU)");
    const Image<float> src = bench_image(w, h);
    std::printf("%-48s %11s %11s %11s\n", "stage", "median ms", "p99 ms", "x baseline");
    const Stages cpu = time_cpu(src);
    print(cpu);
    if (cuda) {
      const Stages gpu = time_cuda(src);
      print(gpu);
      std::printf("CPU / CUDA (medians): eigenvalues %.1f, vesselness %.1f\n",
                  cpu.eigen.percentile(0.5) / gpu.eigen.percentile(0.5),
                  cpu.vesselness.percentile(0.5) / gpu.vesselness.percentile(0.5));
    }
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 1;
  }
}

}  // namespace pt::cli
