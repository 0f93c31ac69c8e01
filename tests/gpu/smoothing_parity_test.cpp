// The GPU's Gaussian (same 16-bit fixed point) and median against core's filters, pixel by pixel.
#include <string>
#include <utility>

#include "gpu_test_support.hpp"
#include "pt/gpu/smoothing.hpp"
#include "pt/imgproc/gaussian_filter.hpp"
#include "pt/imgproc/median_filter.hpp"
#include "pt_catch.hpp"

TEST_CASE("GPU Gaussian blur equals GaussianFilter to the bit") {
  const pt::gpu::Stream stream;
  const std::vector<pt::test::EyeImage> images = pt::test::filter_test_images();
  // 5/2 is the tracker's default; radii 1-4 unroll, 7 and 15 loop; 3/0.1 trims to a copy.
  for (const auto& [size, sigma] : {std::pair{5, 2.0}, std::pair{3, 0.8}, std::pair{9, 1.7}, std::pair{15, 3.0},
                                    std::pair{31, 6.0}, std::pair{3, 0.1}}) {
    pt::GaussianFilter cpu(size, sigma);
    const pt::gpu::GaussianBlur gpu(size, sigma);
    const std::string kind = "gaussian " + std::to_string(size) + "/" + std::to_string(sigma).substr(0, 3);
    // Skewed by 3 bytes, the tiles' rows are not word-aligned in device memory: their loads take
    // the byte-by-byte way.
    for (const int skew : {0, 3}) {
      for (const pt::test::EyeImage& img : images) {
        CAPTURE(kind, img.name, skew);
        const pt::test::PixelDiff d = pt::test::check_filter(
            kind, img, stream,
            [&](cudaStream_t s, pt::gpu::CDeviceViewU8 src, pt::gpu::DeviceViewU8 dst) { gpu(s, src, dst); },
            [&](pt::CViewU8 src, pt::ViewU8 dst) { cpu.apply(src, dst); }, skew);
        CHECK(d.max_abs == 0);
      }
    }
  }
}

TEST_CASE("GPU Gaussian taps refuse what GaussianFilter refuses") {
  for (const auto& [size, sigma] : {std::pair{4, 2.0}, std::pair{33, 2.0}, std::pair{0, 2.0}, std::pair{5, 0.0}}) {
    CAPTURE(size, sigma);
    CHECK_THROWS_AS(pt::GaussianFilter(size, sigma), std::invalid_argument);
    CHECK_THROWS_AS(pt::gpu::GaussianBlur(size, sigma), std::invalid_argument);
  }
}

TEST_CASE("GPU median equals MedianFilter") {
  const pt::gpu::Stream stream;
  pt::MedianFilter cpu;
  const std::vector<pt::test::EyeImage> images = pt::test::filter_test_images();
  for (const int radius : {3, 1, 0, 5}) {
    const std::string kind = "median r=" + std::to_string(radius);
    for (const pt::test::EyeImage& img : images) {
      CAPTURE(kind, img.name);
      const pt::test::PixelDiff d = pt::test::check_filter(
          kind, img, stream,
          [&](cudaStream_t s, pt::gpu::CDeviceViewU8 src, pt::gpu::DeviceViewU8 dst) {
            pt::gpu::median_blur(s, src, dst, radius);
          },
          [&](pt::CViewU8 src, pt::ViewU8 dst) { cpu.apply(src, dst, radius); });
      CHECK(d.max_abs == 0);
    }
  }
}
