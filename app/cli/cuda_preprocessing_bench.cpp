#include "cli/cuda_preprocessing_bench.hpp"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <memory>
#include <stdexcept>

#include "cli/pipeline_stages_bench.hpp"

#if defined(PT_HAVE_CUDA)
#include "pt/gpu/cuda_device_probe.hpp"
#include "pt/gpu/eye_preprocessor.hpp"
#include "pt/gpu/image_transfer.hpp"
#include "pt/gpu/morphology.hpp"
#include "pt/gpu/stream.hpp"
#endif

namespace pt::cli {
namespace {

StageTiming cpu_preprocessing(const std::vector<ImageU8>& frames, const std::vector<EyeRegion>& regions,
                              const DetectorParams& params, int count) {
  const std::vector<StageTiming> parts = time_pipeline_stages(frames, regions, params, count);
  StageTiming t{"cpu: reflections+gaussian", {}};
  for (std::size_t i = 0; i < parts[0].us.size(); ++i) t.add(parts[0].us[i] + parts[1].us[i]);
  return t;
}

#if defined(PT_HAVE_CUDA)
// Everything one eye needs on the device, allocated before timing starts.
struct GpuEye {
  GpuEye(const RectI& r, const gpu::DeviceViewU8& frame)
      : src(frame.sub(r)),
        cleaned(r.w, r.h),
        mask(r.w, r.h),
        smoothed(r.w, r.h),
        fill(r.w, r.h),
        remover(r.w, r.h),
        preprocessor(r.w, r.h) {}
  gpu::CDeviceViewU8 src;
  gpu::DeviceImageU8 cleaned;
  gpu::DeviceImageU8 mask;
  gpu::DeviceImageU8 smoothed;
  gpu::ReflectionFill fill;
  gpu::ReflectionRemover remover;
  gpu::EyePreprocessor preprocessor;
  gpu::Stream stream;
};

std::vector<StageTiming> cuda_preprocessing(const std::vector<ImageU8>& frames, const std::vector<EyeRegion>& regions,
                                            const DetectorParams& params, int count) {
  const gpu::CudaDeviceProbe probe = gpu::probe_cuda_device();
  if (!probe.usable) throw std::runtime_error("--backend cuda: no usable CUDA device (" + probe.reason + ")");
  std::fprintf(stderr, "bench: CUDA device %s (compute %d.%d)\n", probe.device_name.c_str(), probe.compute_major,
               probe.compute_minor);
  const int w = frames.front().width();
  const int h = frames.front().height();
  gpu::PinnedImageU8 staging(w, h);
  gpu::DeviceImageU8 frame(w, h);
  std::vector<std::unique_ptr<GpuEye>> eyes;
  for (const EyeRegion& r : regions) eyes.push_back(std::make_unique<GpuEye>(r.rect, frame.view()));
  const ReflectionParams& rp = params.reflections;
  const gpu::GaussianBlur gaussian(params.smoothing.gaussian_size, params.smoothing.gaussian_sigma);
  const cudaStream_t main = eyes.front()->stream.get();
  const gpu::Event start;
  const gpu::Event stop;
  const gpu::Event joined;

  // The parts as the removal runs them: the mask in one kernel (top-hat, threshold, dilation),
  // then the fill where the reflections are filled.
  std::vector<StageTiming> t{{"cuda: upload frame (pinned)", {}},
                             {"cuda: reflection mask (top-hat, threshold, dilation)", {}},
                             {"cuda: reflection fill", {}},
                             {"cuda: reflection removal", {}},
                             {"cuda: gaussian", {}},
                             {"cuda: preprocess, eye per stream", {}}};
  if (!rp.fill) t.erase(t.begin() + 2);
  // The first frames load the kernels and warm the clocks; they are not counted.
  constexpr int kWarmUp = 20;
  for (int i = -kWarmUp; i < count; ++i) {
    const ImageU8& f = frames[static_cast<std::size_t>(std::max(i, 0)) % frames.size()];
    std::memcpy(staging.view().data, f.data(), static_cast<std::size_t>(w) * static_cast<std::size_t>(h));
    std::size_t stage = 0;
    // Each stage over all eyes on one stream, timed on the device.
    const auto timed = [&](auto&& enqueue) {
      start.record(main);
      enqueue();
      stop.record(main);
      stop.synchronize();
      if (i >= 0) t[stage].add(1000.0 * stop.elapsed_ms_since(start));
      ++stage;
    };
    timed([&] { gpu::upload_async(main, staging.view(), frame.view()); });
    timed([&] {
      for (auto& e : eyes) {
        gpu::reflection_mask(main, e->src, e->smoothed.view(), e->mask.view(), rp.kernel_size,
                             static_cast<std::uint8_t>(rp.threshold), static_cast<std::uint8_t>(rp.min_brightness),
                             rp.mask_dilation());
      }
    });
    if (rp.fill) {
      timed([&] {
        for (auto& e : eyes) e->fill(main, e->src, e->mask.view(), e->cleaned.view(), 2LL * rp.kernel_size * rp.kernel_size);
      });
    }
    timed([&] {
      for (auto& e : eyes) e->remover(main, e->src, e->cleaned.view(), e->mask.view(), rp);
    });
    timed([&] {
      for (auto& e : eyes) gaussian(main, e->cleaned.view(), e->smoothed.view());
    });
    timed([&] {
      for (auto& e : eyes) gpu::stream_wait(e->stream.get(), main, joined);
      for (auto& e : eyes) {
        e->preprocessor(e->stream.get(), e->src, {e->cleaned.view(), e->mask.view(), e->smoothed.view()}, rp,
                        params.smoothing);
      }
      for (auto& e : eyes) gpu::stream_wait(main, e->stream.get(), joined);
    });
  }
  return t;
}
#endif

}  // namespace

std::vector<StageTiming> time_preprocessing(const std::vector<ImageU8>& frames, const std::vector<EyeRegion>& regions,
                                            const DetectorParams& params, int count, bool cuda) {
  std::vector<StageTiming> t{cpu_preprocessing(frames, regions, params, count)};
  if (!cuda) return t;
#if defined(PT_HAVE_CUDA)
  for (StageTiming& s : cuda_preprocessing(frames, regions, params, count)) t.push_back(std::move(s));
  std::fprintf(stderr, "preprocessing, CPU (one thread) / CUDA (eye per stream), medians: %.1f\n",
               t.front().percentile(0.5) / t.back().percentile(0.5));
  return t;
#else
  throw std::runtime_error("--backend cuda: this build has no CUDA backend (configured without nvcc)");
#endif
}

}  // namespace pt::cli
