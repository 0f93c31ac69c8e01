#include "gpu_test_support.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>

#include "pt/gpu/cuda_check.hpp"
#include "pt/gpu/cuda_device_probe.hpp"
#include "pt/gpu/image_transfer.hpp"
#include "pt/random.hpp"
#include "pt/synthetic_eyes.hpp"
#include "test_data.hpp"

namespace pt::test {

// Without a usable device every GPU test executable reports itself skipped.
std::string skip_reason() {
  const gpu::CudaDeviceProbe probe = gpu::probe_cuda_device();
  return probe.usable ? std::string{} : "no usable CUDA device: " + probe.reason;
}

gpu::DeviceImageU8 to_device(CViewU8 image, const gpu::Stream& stream) {
  gpu::DeviceImageU8 d(image.width, image.height);
  gpu::upload_async(stream.get(), image, d.view());
  stream.synchronize();
  return d;
}

ImageU8 to_host(gpu::CDeviceViewU8 image, const gpu::Stream& stream) {
  ImageU8 h(image.width, image.height);
  gpu::download_async(stream.get(), image, h.view());
  stream.synchronize();
  return h;
}

CViewU8 device_view(const gpu::DeviceImageU8& image) {
  const gpu::CDeviceViewU8 v = image.view();
  return {v.data, v.width, v.height, static_cast<std::ptrdiff_t>(v.pitch)};
}

int read_device_int(const int* value, const gpu::Stream& stream) {
  int v = 0;
  PT_CUDA_CHECK(cudaMemcpyAsync(&v, value, sizeof v, cudaMemcpyDeviceToHost, stream.get()));
  stream.synchronize();
  return v;
}

PixelDiff compare(CViewU8 gpu, CViewU8 cpu) {
  PixelDiff d;
  for (int y = 0; y < cpu.height; ++y) {
    for (int x = 0; x < cpu.width; ++x) {
      const int diff = std::abs(gpu.at(x, y) - cpu.at(x, y));
      d.max_abs = std::max(d.max_abs, diff);
      d.differing += diff != 0 ? 1 : 0;
      ++d.pixels;
    }
  }
  return d;
}

namespace {

class ParityTally {
 public:
  ParityTally() = default;
  ParityTally(const ParityTally&) = delete;
  ParityTally& operator=(const ParityTally&) = delete;
  ~ParityTally() {
    for (const auto& [kind, t] : kinds_) {
      std::printf("parity summary %-22s %4d cases %11lld pixels  max |gpu-cpu| = %d  (%lld pixels differ)\n",
                  kind.c_str(), t.cases, t.diff.pixels, t.diff.max_abs, t.diff.differing);
    }
  }
  void add(const std::string& kind, const PixelDiff& d) {
    Kind& t = kinds_[kind];
    ++t.cases;
    t.diff.max_abs = std::max(t.diff.max_abs, d.max_abs);
    t.diff.differing += d.differing;
    t.diff.pixels += d.pixels;
  }

 private:
  struct Kind {
    int cases = 0;
    PixelDiff diff;
  };
  std::map<std::string, Kind> kinds_;
};

ParityTally tally;

}  // namespace

PixelDiff report_parity(const std::string& kind, const std::string& detail, CViewU8 gpu, CViewU8 cpu) {
  const PixelDiff d = compare(gpu, cpu);
  tally.add(kind, d);
  if (d.max_abs != 0) {
    std::printf("parity %s on %s: max |gpu-cpu| = %d, %lld of %lld pixels differ\n", kind.c_str(), detail.c_str(),
                d.max_abs, d.differing, d.pixels);
    int shown = 0;
    for (int y = 0; y < cpu.height && shown < 5; ++y) {
      for (int x = 0; x < cpu.width && shown < 5; ++x) {
        if (gpu.at(x, y) == cpu.at(x, y)) continue;
        std::printf("  at (%d, %d): gpu %d, cpu %d\n", x, y, gpu.at(x, y), cpu.at(x, y));
        ++shown;
      }
    }
  }
  return d;
}

ImageU8 noise_image(int width, int height, std::uint64_t seed) {
  SplitMix64 rng(seed);
  ImageU8 img(width, height);
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) img.at(x, y) = static_cast<std::uint8_t>(rng.next() >> 56);
  }
  return img;
}

ImageU8 glint_field(int width, int height, int spots, std::uint64_t seed) {
  SplitMix64 rng(seed);
  const auto uniform = [&rng](float lo, float hi) { return lo + (hi - lo) * rng.uniform01(); };
  ImageU8 img(width, height);
  const float base = uniform(20.0F, 110.0F);
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      const float shade = base + 30.0F * static_cast<float>(x) / static_cast<float>(width) + uniform(-4.0F, 4.0F);
      img.at(x, y) = static_cast<std::uint8_t>(std::clamp(shade, 0.0F, 255.0F));
    }
  }
  const auto brighten = [&img](int x, int y, float v) {
    if (x < 0 || y < 0 || x >= img.width() || y >= img.height()) return;
    img.at(x, y) = std::max(img.at(x, y), static_cast<std::uint8_t>(std::clamp(v, 0.0F, 255.0F)));
  };
  for (int s = 0; s < spots; ++s) {
    const float cx = uniform(-3.0F, static_cast<float>(width) + 3.0F);
    const float cy = uniform(-3.0F, static_cast<float>(height) + 3.0F);
    const float peak = uniform(150.0F, 255.0F);
    if (s % 9 == 8) {
      // A thin bright streak: narrow enough for the top-hat, too long for a reflection.
      const float len = uniform(40.0F, 160.0F);
      for (float t = 0.0F; t < len; t += 0.5F) {
        for (int w = -1; w <= 1; ++w) brighten(static_cast<int>(cx + t), static_cast<int>(cy + 0.3F * t) + w, peak);
      }
      continue;
    }
    const float core = uniform(0.5F, 6.0F);
    const float fade = uniform(0.0F, 4.0F);  // a halo of scattered light around some
    const int reach = static_cast<int>(core + fade) + 1;
    for (int dy = -reach; dy <= reach; ++dy) {
      for (int dx = -reach; dx <= reach; ++dx) {
        const float d = std::hypot(static_cast<float>(dx), static_cast<float>(dy));
        if (d <= core) {
          brighten(static_cast<int>(cx) + dx, static_cast<int>(cy) + dy, peak);
        } else if (d <= core + fade) {
          brighten(static_cast<int>(cx) + dx, static_cast<int>(cy) + dy, peak * (1.0F - 0.6F * (d - core) / fade));
        }
      }
    }
  }
  return img;
}

namespace {

ImageU8 copy_of(CViewU8 v) {
  ImageU8 out(v.width, v.height);
  copy_pixels(v, out.view());
  return out;
}

}  // namespace

bool small_frames_only() { return std::getenv("PT_GPU_TEST_SMALL") != nullptr; }

std::vector<EyeImage> synthetic_eye_regions() {
  struct Source {
    int width, height, eyes;
    std::uint64_t seed;
    int frames;  // rendered; the last one is used, so gaze and lids have moved
  };
  std::vector<EyeImage> out;
  const bool small = small_frames_only();
  for (const Source& s : {Source{1280, 1024, 2, 1, 3}, Source{1280, 1024, 2, 4, 40}, Source{641, 515, 2, 5, 2},
                          Source{333, 257, 1, 7, 1}}) {
    if (small && s.width == 1280) continue;
    SyntheticConfig config;
    config.width = s.width;
    config.height = s.height;
    config.eyes = s.eyes;
    config.seed = s.seed;
    SyntheticEyeRenderer renderer(config);
    ImageU8 frame(s.width, s.height);
    for (int i = 0; i < s.frames; ++i) (void)renderer.render_next(frame.view());
    const std::string tag = std::to_string(s.width) + "x" + std::to_string(s.height) + " seed " + std::to_string(s.seed);
    for (int e = 0; e < s.eyes; ++e) {
      out.push_back({tag + " eye " + std::to_string(e), copy_of(std::as_const(frame).view().sub(renderer.eye_region(e)))});
    }
    if (s.width == 1280) {
      // Regions that touch the frame's corners and edges, of odd sizes.
      for (const RectI r : {RectI{0, 0, 211, 157}, RectI{1280 - 301, 1024 - 199, 301, 199}, RectI{0, 1024 - 45, 1280, 45},
                            RectI{1280 - 17, 0, 17, 1024}}) {
        out.push_back({tag + " edge " + std::to_string(r.x) + "," + std::to_string(r.y) + " " + std::to_string(r.w) + "x" +
                           std::to_string(r.h),
                       copy_of(std::as_const(frame).view().sub(r))});
      }
    }
  }
  return out;
}

}  // namespace pt::test

namespace pt::test {

std::vector<EyeImage> filter_test_images() {
  std::vector<EyeImage> images = synthetic_eye_regions();
  images.push_back({"noise 1x1", noise_image(1, 1, 3)});
  images.push_back({"noise 2x9", noise_image(2, 9, 4)});
  images.push_back({"noise 7x3", noise_image(7, 3, 5)});
  images.push_back({"noise 97x61", noise_image(97, 61, 6)});
  images.push_back({"glints 301x203", glint_field(301, 203, 60, 7)});
  return images;
}

}  // namespace pt::test
