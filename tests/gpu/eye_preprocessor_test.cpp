// Both eyes of binocular frames preprocessed on the GPU, one stream each, from regions of one
// device frame, against the CPU pipeline's stages (EyePupilTracker: reflections, then smoothing).
#include <string>

#include "gpu_test_support.hpp"
#include "pt/gpu/eye_preprocessor.hpp"
#include "pt/gpu/image_transfer.hpp"
#include "pt/imgproc/gaussian_filter.hpp"
#include "pt/imgproc/median_filter.hpp"
#include "pt/pupil/reflection_remover.hpp"
#include "pt/synthetic_eyes.hpp"
#include "pt_catch.hpp"

namespace {

using pt::test::report_parity;

struct CpuEye {
  pt::ImageU8 cleaned;
  pt::ImageU8 mask;
  pt::ImageU8 smoothed;
};

CpuEye cpu_preprocess(pt::CViewU8 src, const pt::DetectorParams& params) {
  CpuEye e{pt::ImageU8(src.width, src.height), pt::ImageU8(src.width, src.height), pt::ImageU8(src.width, src.height)};
  pt::ReflectionRemover reflections;
  reflections.apply(src, e.cleaned.view(), e.mask.view(), params.reflections);
  const pt::CViewU8 cleaned = std::as_const(e.cleaned).view();
  switch (params.smoothing.kind) {
    case pt::Smoothing::Gaussian:
      pt::GaussianFilter(params.smoothing.gaussian_size, params.smoothing.gaussian_sigma).apply(cleaned, e.smoothed.view());
      break;
    case pt::Smoothing::Median:
      pt::MedianFilter().apply(cleaned, e.smoothed.view(), params.smoothing.median_radius);
      break;
    default:
      pt::copy_pixels(cleaned, e.smoothed.view());
  }
  return e;
}

}  // namespace

TEST_CASE("GPU eye preprocessing of binocular frames equals the CPU pipeline's, eye by eye") {
  const int w = pt::test::small_frames_only() ? 641 : 1280;
  const int h = pt::test::small_frames_only() ? 515 : 1024;
  pt::SyntheticConfig config;
  config.width = w;
  config.height = h;
  config.seed = 9;
  pt::SyntheticEyeRenderer renderer(config);
  pt::gpu::PinnedImageU8 frame(w, h);
  pt::gpu::DeviceImageU8 device_frame(w, h);
  const pt::gpu::Stream streams[2];
  // Buffers for the larger eye: a region may be smaller than the workspace.
  const int eye_w = w - w / 2;
  pt::gpu::EyePreprocessor eyes[2]{{eye_w, h}, {eye_w, h}};
  const pt::RectI regions[2] = {renderer.eye_region(0), renderer.eye_region(1)};
  pt::gpu::DeviceImageU8 outputs[2][3]{{{eye_w, h}, {eye_w, h}, {eye_w, h}}, {{eye_w, h}, {eye_w, h}, {eye_w, h}}};
  pt::gpu::Event uploaded;

  for (const pt::Smoothing smoothing : {pt::Smoothing::Gaussian, pt::Smoothing::Median, pt::Smoothing::None}) {
    pt::DetectorParams params;
    params.smoothing.kind = smoothing;
    const std::string kind = smoothing == pt::Smoothing::Gaussian ? "gaussian" : smoothing == pt::Smoothing::Median ? "median" : "none";
    // Frame 0 runs the kernels directly, frame 1 captures them (the same arguments again), frames
    // 2 and 3 relaunch the capture; a new smoothing runs directly once more.
    for (int f = 0; f < 4; ++f) {
      (void)renderer.render_next(frame.view());
      pt::gpu::upload_async(streams[0].get(), frame.view(), device_frame.view());
      pt::gpu::stream_wait(streams[1].get(), streams[0].get(), uploaded);
      for (int e = 0; e < 2; ++e) {
        const pt::gpu::PreprocessedEye out{outputs[e][0].view().sub({0, 0, regions[e].w, regions[e].h}),
                                           outputs[e][1].view().sub({0, 0, regions[e].w, regions[e].h}),
                                           outputs[e][2].view().sub({0, 0, regions[e].w, regions[e].h})};
        eyes[e](streams[e].get(), device_frame.view().sub(regions[e]), out, params.reflections, params.smoothing);
      }
      for (int e = 0; e < 2; ++e) {
        CAPTURE(kind, f, e);
        const CpuEye expected = cpu_preprocess(std::as_const(frame).view().sub(regions[e]), params);
        const std::string name = "frame " + std::to_string(f) + " eye " + std::to_string(e);
        const auto got = [&](int i) {
          return pt::test::to_host(outputs[e][i].view().sub({0, 0, regions[e].w, regions[e].h}), streams[e]);
        };
        CHECK(report_parity("eye cleaned " + kind, name, got(0).view(), expected.cleaned.view()).max_abs == 0);
        CHECK(report_parity("eye mask " + kind, name, got(1).view(), expected.mask.view()).max_abs == 0);
        CHECK(report_parity("eye smoothed " + kind, name, got(2).view(), expected.smoothed.view()).max_abs == 0);
      }
    }
  }
}
