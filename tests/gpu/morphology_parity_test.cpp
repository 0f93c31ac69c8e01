// The GPU's erosion, dilation and fused top-hat threshold against core's filters, pixel by pixel.
#include <string>
#include <tuple>
#include <utility>

#include "gpu_test_support.hpp"
#include "pt/gpu/morphology.hpp"
#include "pt/imgproc/min_max_filter.hpp"
#include "pt/imgproc/top_hat.hpp"
#include "pt_catch.hpp"

TEST_CASE("GPU top-hat threshold equals TopHatFilter::threshold") {
  const pt::gpu::Stream stream;
  pt::TopHatFilter cpu;
  const std::vector<pt::test::EyeImage> images = pt::test::filter_test_images();
  // 19 is the default; odd sizes 3-31 unroll, the even sizes and 33 take the run-time path.
  for (const auto& [k, level, floor] : {std::tuple{19, 50, 150}, std::tuple{3, 10, 0}, std::tuple{4, 20, 100},
                                        std::tuple{31, 30, 120}, std::tuple{33, 40, 90}}) {
    const std::string kind = "top-hat k=" + std::to_string(k);
    const auto l = static_cast<std::uint8_t>(level);
    const auto f = static_cast<std::uint8_t>(floor);
    for (const pt::test::EyeImage& img : images) {
      CAPTURE(kind, img.name);
      const pt::test::PixelDiff d = pt::test::check_filter(
          kind, img, stream,
          [&](cudaStream_t s, pt::gpu::CDeviceViewU8 src, pt::gpu::DeviceViewU8 dst) {
            pt::gpu::top_hat_threshold(s, src, dst, k, l, f);
          },
          [&](pt::CViewU8 src, pt::ViewU8 dst) { cpu.threshold(src, dst, k, l, f); });
      CHECK(d.max_abs == 0);
    }
  }
}

TEST_CASE("GPU rectangular erosion and dilation equal RectExtremumFilter") {
  const pt::gpu::Stream stream;
  pt::RectExtremumFilter cpu;
  const std::vector<pt::test::EyeImage> images = pt::test::filter_test_images();
  for (const auto& [kw, kh] : {std::pair{5, 5}, std::pair{1, 1}, std::pair{11, 11}, std::pair{3, 7}, std::pair{12, 12},
                               std::pair{2, 9}}) {
    for (const pt::Extremum op : {pt::Extremum::Min, pt::Extremum::Max}) {
      const std::string kind = std::string(op == pt::Extremum::Min ? "erosion " : "dilation ") + std::to_string(kw) +
                               "x" + std::to_string(kh);
      for (const pt::test::EyeImage& img : images) {
        CAPTURE(kind, img.name);
        const pt::test::PixelDiff d = pt::test::check_filter(
            kind, img, stream,
            [&](cudaStream_t s, pt::gpu::CDeviceViewU8 src, pt::gpu::DeviceViewU8 dst) {
              pt::gpu::rect_extremum(s, src, dst, kw, kh, op);
            },
            [&](pt::CViewU8 src, pt::ViewU8 dst) { cpu.apply(src, dst, kw, kh, op); });
        CHECK(d.max_abs == 0);
      }
    }
  }
}

TEST_CASE("GPU morphology refuses kernels its tiles cannot hold") {
  const pt::gpu::Stream stream;
  const pt::gpu::DeviceImageU8 img(8, 8);
  const pt::gpu::DeviceImageU8 out(8, 8);
  CHECK_THROWS_AS(pt::gpu::top_hat_threshold(stream.get(), img.view(), out.view(), 51, 50, 150), std::invalid_argument);
  CHECK_THROWS_AS(pt::gpu::top_hat_threshold(stream.get(), img.view(), out.view(), 0, 50, 150), std::invalid_argument);
  CHECK_THROWS_AS(pt::gpu::rect_extremum(stream.get(), img.view(), out.view(), 300, 300, pt::Extremum::Max),
                  std::invalid_argument);
}
