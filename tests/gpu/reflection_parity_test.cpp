// The GPU's reflection removal against core's ReflectionRemover: filled image, mask and count.
#include <limits>
#include <string>

#include "gpu_test_support.hpp"
#include "pt/gpu/morphology.hpp"
#include "pt/gpu/reflection_fill.hpp"
#include "pt/gpu/reflection_remover.hpp"
#include "pt/pupil/reflection_remover.hpp"
#include "pt_catch.hpp"

namespace {

using pt::test::report_parity;

struct Variant {
  std::string name;
  pt::ReflectionParams params;
};

std::vector<Variant> variants() {
  std::vector<Variant> v{{"default", {}}};
  pt::ReflectionParams p;
  p.dilation = 1;
  v.push_back({"dilation 1", p});
  p = {};
  p.kernel_size = 9;
  p.threshold = 30;
  p.min_brightness = 100;
  v.push_back({"k9 thr30 min100", p});
  p = {};
  p.kernel_size = 25;
  p.dilation = 8;
  v.push_back({"k25 dilation 8", p});
  p = {};
  p.fill = false;
  v.push_back({"masked, not filled", p});
  p = {};
  p.enabled = false;
  v.push_back({"disabled", p});
  return v;
}

std::vector<pt::test::EyeImage> test_images() {
  std::vector<pt::test::EyeImage> images = pt::test::synthetic_eye_regions();
  // Many glints, close together (long dependency chains), at the edges, with halos, and streaks
  // too long to be reflections.
  images.push_back({"glints 640x480", pt::test::glint_field(640, 480, 400, 21)});
  images.push_back({"glints 333x211", pt::test::glint_field(333, 211, 150, 22)});
  images.push_back({"glints 31x17", pt::test::glint_field(31, 17, 6, 23)});
  images.push_back({"noise 257x129", pt::test::noise_image(257, 129, 24)});
  images.push_back({"noise 1x1", pt::test::noise_image(1, 1, 25)});
  pt::ImageU8 speck(5, 5, 0);  // its dilated mask covers the whole image: nothing to fill from
  speck.at(2, 2) = 255;
  images.push_back({"speck 5x5", speck});
  return images;
}

// Compares remove(stream, src, cleaned, mask), which enqueues a GPU reflection removal and returns
// its device count, with ReflectionRemover::apply. Returns the CPU's count.
template <class Remove>
int check_removal(const std::string& kind, const pt::test::EyeImage& img, const pt::ReflectionParams& params,
                  const pt::gpu::Stream& stream, Remove&& remove) {
  const int w = img.pixels.width();
  const int h = img.pixels.height();
  const pt::gpu::DeviceImageU8 src = pt::test::to_device(img.pixels.view(), stream);
  const pt::gpu::DeviceImageU8 cleaned(w, h);
  const pt::gpu::DeviceImageU8 mask(w, h);
  const int* gpu_count = remove(stream.get(), src.view(), cleaned.view(), mask.view());
  pt::ReflectionRemover cpu;
  pt::ImageU8 expected(w, h);
  pt::ImageU8 expected_mask(w, h);
  const int count = cpu.apply(img.pixels.view(), expected.view(), expected_mask.view(), params);
  CHECK(pt::test::read_device_int(gpu_count, stream) == count);
  const pt::ImageU8 got = pt::test::to_host(cleaned.view(), stream);
  const pt::ImageU8 got_mask = pt::test::to_host(mask.view(), stream);
  CHECK(report_parity("reflections " + kind, img.name, got.view(), expected.view()).max_abs == 0);
  CHECK(report_parity("reflection mask " + kind, img.name, got_mask.view(), expected_mask.view()).max_abs == 0);
  return count;
}

}  // namespace

TEST_CASE("GPU reflection removal equals ReflectionRemover: image, mask and count") {
  const pt::gpu::Stream stream;
  pt::gpu::ReflectionRemover gpu(1280, 1024);
  long long reflections = 0;
  for (const auto& [variant, params] : variants()) {
    for (const pt::test::EyeImage& img : test_images()) {
      CAPTURE(variant, img.name);
      reflections += check_removal(variant, img, params, stream,
                                   [&](cudaStream_t s, pt::gpu::CDeviceViewU8 src, pt::gpu::DeviceViewU8 cleaned,
                                       pt::gpu::DeviceViewU8 mask) {
                                     gpu(s, src, cleaned, mask, params);
                                     return gpu.filled_count();
                                   });
    }
  }
  std::printf("reflections filled by the CPU over all cases: %lld\n", reflections);
  CHECK(reflections > 500);  // the cases exercise the fill, not only its absence
}

TEST_CASE("GPU reflection fill in device memory, or interpolated by its blocks, equals the CPU's") {
  struct Workspace {
    std::string name;
    int max_shared_window;
    int max_samples;
  };
  const std::vector<Workspace> workspaces{
      {"in device memory", 0, pt::gpu::ReflectionFill::kDefaultSamples},  // no window in shared memory
      {"no room for samples", std::numeric_limits<int>::max(), 0},       // every block interpolates itself
      {"in device memory, no room for samples", 0, 0},
      {"room for some samples", std::numeric_limits<int>::max(), 300},
  };
  const pt::gpu::Stream stream;
  const pt::ReflectionParams p;
  for (const Workspace& ws : workspaces) {
    pt::gpu::ReflectionFill fill(1280, 1024, ws.max_shared_window, ws.max_samples);
    for (const pt::test::EyeImage& img : test_images()) {
      CAPTURE(ws.name, img.name);
      const pt::gpu::DeviceImageU8 thresholded(img.pixels.width(), img.pixels.height());
      check_removal(ws.name, img, p, stream,
                    [&](cudaStream_t s, pt::gpu::CDeviceViewU8 src, pt::gpu::DeviceViewU8 cleaned,
                        pt::gpu::DeviceViewU8 mask) {
                      pt::gpu::top_hat_threshold(s, src, thresholded.view(), p.kernel_size,
                                                 static_cast<std::uint8_t>(p.threshold),
                                                 static_cast<std::uint8_t>(p.min_brightness));
                      pt::gpu::rect_extremum(s, thresholded.view(), mask, p.dilation, p.dilation, pt::Extremum::Max);
                      fill(s, src, mask, cleaned, 2LL * p.kernel_size * p.kernel_size);
                      return fill.filled_count();
                    });
    }
  }
}

TEST_CASE("GPU reflection removal repeated on crowded glints gives the CPU's result every time") {
  // Fills run side by side on several multiprocessors, each waiting only for the earlier
  // reflections it overlaps: a missed wait would show as a result that changes between runs.
  const pt::gpu::Stream stream;
  pt::gpu::ReflectionRemover gpu(1280, 1024);
  const pt::ReflectionParams params;
  const std::vector<pt::test::EyeImage> crowded{{"glints 320x240", pt::test::glint_field(320, 240, 300, 31)},
                                                {"glints 1280x1024", pt::test::glint_field(1280, 1024, 3000, 32)}};
  for (const pt::test::EyeImage& img : crowded) {
    for (int run = 0; run < 8; ++run) {
      CAPTURE(img.name, run);
      const int count = check_removal("repeated", img, params, stream,
                                      [&](cudaStream_t s, pt::gpu::CDeviceViewU8 src, pt::gpu::DeviceViewU8 cleaned,
                                          pt::gpu::DeviceViewU8 mask) {
                                        gpu(s, src, cleaned, mask, params);
                                        return gpu.filled_count();
                                      });
      CHECK(count > 20);  // crowded enough for many fills at once
    }
  }
}

TEST_CASE("GPU reflection removal refuses a region larger than its buffers") {
  const pt::gpu::Stream stream;
  pt::gpu::ReflectionRemover gpu(64, 32);
  const pt::gpu::DeviceImageU8 src(65, 32);
  const pt::gpu::DeviceImageU8 out(65, 32);
  const pt::gpu::DeviceImageU8 mask(65, 32);
  CHECK_THROWS_AS(gpu(stream.get(), src.view(), out.view(), mask.view(), {}), std::invalid_argument);
}
