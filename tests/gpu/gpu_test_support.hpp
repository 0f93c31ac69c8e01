#pragma once
// What the GPU parity tests share: moving images to and from the device, comparing them pixel by
// pixel with the CPU's, and the images they run on.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "pt/gpu/device_memory.hpp"
#include "pt/gpu/stream.hpp"
#include "pt/image.hpp"

namespace pt::test {

// Copies to the device (a pitched image of its own) and back, waiting for the copy.
gpu::DeviceImageU8 to_device(CViewU8 image, const gpu::Stream& stream);
ImageU8 to_host(gpu::CDeviceViewU8 image, const gpu::Stream& stream);
int read_device_int(const int* value, const gpu::Stream& stream);
// A device image as the search's kernels take it: core's view of device memory.
CViewU8 device_view(const gpu::DeviceImageU8& image);

struct PixelDiff {
  int max_abs = 0;
  long long differing = 0;
  long long pixels = 0;
};

PixelDiff compare(CViewU8 gpu, CViewU8 cpu);

// Compares and adds the result to its kind's tally (e.g. "top-hat"), printed when the program
// ends as one line per kind: cases, pixels, max |gpu-cpu|. Cases that differ are printed at once.
PixelDiff report_parity(const std::string& kind, const std::string& detail, CViewU8 gpu, CViewU8 cpu);

// Uniform noise: every grey level, no structure.
ImageU8 noise_image(int width, int height, std::uint64_t seed);
// A dim, noisy background with bright spots of random radius and brightness, some touching one
// another or the image edge, some too broad to be reflections: every case of the fill.
ImageU8 glint_field(int width, int height, int spots, std::uint64_t seed);

struct EyeImage {
  std::string name;
  ImageU8 pixels;
};

// compute-sanitizer's race and synchronisation checks run hundreds of times slower: for them,
// the environment variable PT_GPU_TEST_SMALL leaves out the full-size (1280x1024) frames.
bool small_frames_only();

// Eye regions cut from synthetic frames of several seeds and sizes, odd sizes and regions that
// touch the frame's edges among them.
std::vector<EyeImage> synthetic_eye_regions();

// The synthetic eye regions, plus noise of tiny and odd sizes and a field of glints: the
// images every filter is checked on.
std::vector<EyeImage> filter_test_images();

// Runs a GPU filter, gpu(stream, src, dst) on device images, and its CPU reference,
// cpu(src, dst), on one image, and compares the results (report_parity). With a skew, src and dst
// are views that many columns into wider device images, as an eye region lies in a frame, so
// their rows need not start on a word.
template <class GpuFilter, class CpuFilter>
PixelDiff check_filter(const std::string& kind, const EyeImage& image, const gpu::Stream& stream, GpuFilter&& gpu,
                       CpuFilter&& cpu, int skew = 0) {
  const int w = image.pixels.width();
  const int h = image.pixels.height();
  const RectI region{skew, 0, w, h};
  ImageU8 framed(w + skew, h, 0xa5);
  copy_pixels(image.pixels.view(), framed.view().sub(region));
  const gpu::DeviceImageU8 src = to_device(std::as_const(framed).view(), stream);
  // Filled first, so that a pixel the filter leaves unwritten cannot pass for a zero mark.
  const ImageU8 unwritten(w + skew, h, 0x5a);
  const gpu::DeviceImageU8 out = to_device(unwritten.view(), stream);
  ImageU8 expected(w, h);
  gpu(stream.get(), src.view().sub(region), out.view().sub(region));
  cpu(image.pixels.view(), expected.view());
  const ImageU8 got = to_host(out.view().sub(region), stream);
  return report_parity(kind, image.name, got.view(), expected.view());
}

}  // namespace pt::test
