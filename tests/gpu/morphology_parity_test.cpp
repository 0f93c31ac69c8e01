// The GPU's erosion, dilation and fused top-hat threshold against core's filters, pixel by pixel.
#include <algorithm>
#include <cstdint>
#include <set>
#include <string>
#include <tuple>
#include <utility>

#include "gpu_test_support.hpp"
#include "pt/gpu/cuda_check.hpp"
#include "pt/gpu/morphology.hpp"
#include "pt/imgproc/min_max_filter.hpp"
#include "pt/imgproc/top_hat.hpp"
#include "pt_catch.hpp"

namespace {

// Checks a GPU filter against its CPU reference on every image, each as a view at the start of
// its rows and as one 3 columns in, whose rows start off a word.
template <class GpuFilter, class CpuFilter>
void check_images(const std::string& kind, const std::vector<pt::test::EyeImage>& images,
                  const pt::gpu::Stream& stream, GpuFilter gpu, CpuFilter cpu) {
  for (const pt::test::EyeImage& img : images) {
    for (const int skew : {0, 3}) {
      CAPTURE(kind, img.name, skew);
      CHECK(pt::test::check_filter(kind, img, stream, gpu, cpu, skew).max_abs == 0);
    }
  }
}

}  // namespace

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
    check_images(
        kind, images, stream,
        [&](cudaStream_t s, pt::gpu::CDeviceViewU8 src, pt::gpu::DeviceViewU8 dst) {
          pt::gpu::top_hat_threshold(s, src, dst, k, l, f);
        },
        [&](pt::CViewU8 src, pt::ViewU8 dst) { cpu.threshold(src, dst, k, l, f); });
  }
}

TEST_CASE("GPU rectangular erosion and dilation equal RectExtremumFilter") {
  const pt::gpu::Stream stream;
  pt::RectExtremumFilter cpu;
  const std::vector<pt::test::EyeImage> images = pt::test::filter_test_images();
  for (const auto& [kw, kh] : {std::pair{5, 5}, std::pair{1, 1}, std::pair{11, 11}, std::pair{13, 13}, std::pair{3, 7},
                               std::pair{12, 12}, std::pair{2, 9}}) {
    for (const pt::Extremum op : {pt::Extremum::Min, pt::Extremum::Max}) {
      const std::string kind = std::string(op == pt::Extremum::Min ? "erosion " : "dilation ") + std::to_string(kw) +
                               "x" + std::to_string(kh);
      check_images(
          kind, images, stream,
          [&](cudaStream_t s, pt::gpu::CDeviceViewU8 src, pt::gpu::DeviceViewU8 dst) {
            pt::gpu::rect_extremum(s, src, dst, kw, kh, op);
          },
          [&](pt::CViewU8 src, pt::ViewU8 dst) { cpu.apply(src, dst, kw, kh, op); });
    }
  }
}

TEST_CASE("GPU reflection mask equals the top-hat marks dilated by RectExtremumFilter") {
  const pt::gpu::Stream stream;
  pt::TopHatFilter top_hat;
  pt::RectExtremumFilter dilation;
  const std::vector<pt::test::EyeImage> images = pt::test::filter_test_images();
  int max_w = 0;
  int max_h = 0;
  for (const pt::test::EyeImage& img : images) {
    max_w = std::max(max_w, img.pixels.width());
    max_h = std::max(max_h, img.pixels.height());
  }
  const pt::gpu::DeviceImageU8 marks(max_w, max_h);  // the marks where they are not fused
  // 19/5 is the default; 9/1, 3/3 and 31/7 take the fused kernel too, at the ends of its sizes;
  // 19/9, 19/13 (reflections not filled), 4/5 and 33/3 write the marks out and dilate them apart.
  for (const auto& [k, grow] : {std::pair{19, 5}, std::pair{9, 1}, std::pair{3, 3}, std::pair{31, 7}, std::pair{19, 9},
                                std::pair{19, 13}, std::pair{4, 5}, std::pair{33, 3}}) {
    const std::string kind = "reflection mask k=" + std::to_string(k) + " grow=" + std::to_string(grow);
    check_images(
        kind, images, stream,
        [&](cudaStream_t s, pt::gpu::CDeviceViewU8 src, pt::gpu::DeviceViewU8 dst) {
          pt::gpu::reflection_mask(s, src, marks.view().sub({0, 0, src.width, src.height}), dst, k, 50, 150, grow);
        },
        [&](pt::CViewU8 src, pt::ViewU8 dst) {
          pt::ImageU8 cpu_marks(src.width, src.height);
          top_hat.threshold(src, cpu_marks.view(), k, 50, 150);
          dilation.apply(std::as_const(cpu_marks).view(), dst, grow, grow, pt::Extremum::Max);
        });
  }
}

namespace {

// The tiles (kMarkTileW x kMarkTileH, raster order) where a host mask has a mark.
std::set<int> tiles_with_marks(pt::CViewU8 mask) {
  std::set<int> tiles;
  const int tiles_x = (mask.width + pt::gpu::kMarkTileW - 1) / pt::gpu::kMarkTileW;
  for (int y = 0; y < mask.height; ++y) {
    for (int x = 0; x < mask.width; ++x) {
      if (mask.at(x, y) != 0) tiles.insert(y / pt::gpu::kMarkTileH * tiles_x + x / pt::gpu::kMarkTileW);
    }
  }
  return tiles;
}

}  // namespace

TEST_CASE("GPU reflection mask's byproducts: a copy of the source and the tiles with marks") {
  const pt::gpu::Stream stream;
  const std::vector<pt::test::EyeImage> images = pt::test::filter_test_images();
  int cases_with_marks = 0;  // the glint field's, at least: a list that is never filled checks nothing
  // 19/5 (the default) lists its tiles; 4/5 writes the marks out, and says every tile instead.
  for (const auto& [k, grow] : {std::pair{19, 5}, std::pair{4, 5}}) {
    for (const pt::test::EyeImage& img : images) {
      for (const int skew : {0, 3}) {
        CAPTURE(k, grow, img.name, skew);
        const int w = img.pixels.width();
        const int h = img.pixels.height();
        const pt::RectI region{skew, 0, w, h};
        pt::ImageU8 framed(w + skew, h, 0xa5);
        pt::copy_pixels(img.pixels.view(), framed.view().sub(region));
        const pt::gpu::DeviceImageU8 src = pt::test::to_device(std::as_const(framed).view(), stream);
        const pt::ImageU8 unwritten(w + skew, h, 0x5a);
        const pt::gpu::DeviceImageU8 copy = pt::test::to_device(unwritten.view(), stream);
        const pt::gpu::DeviceImageU8 mask(w, h);
        const pt::gpu::DeviceImageU8 marks(w, h);
        const int tiles = pt::gpu::mark_tiles(w, h);
        const pt::gpu::DeviceBuffer<int> count(1);
        const pt::gpu::DeviceBuffer<int> list(static_cast<std::size_t>(tiles));
        pt::gpu::zero_device_now(count.data(), sizeof(int));
        pt::gpu::reflection_mask(stream.get(), src.view().sub(region), marks.view(), mask.view(), k, 50, 150, grow,
                                 {copy.view().sub(region), {count.data(), list.data()}});
        CHECK(pt::test::compare(pt::test::to_host(copy.view().sub(region), stream).view(), img.pixels.view()).max_abs == 0);
        const int listed = pt::test::read_device_int(count.data(), stream);
        if (k != 19) {
          CHECK(listed == pt::gpu::MarkedTiles::kEveryTile);
          continue;
        }
        REQUIRE(listed >= 0);
        REQUIRE(listed <= tiles);
        std::vector<int> got(static_cast<std::size_t>(listed));
        PT_CUDA_CHECK(cudaMemcpy(got.data(), list.data(), sizeof(int) * got.size(), cudaMemcpyDeviceToHost));
        const pt::ImageU8 host_mask = pt::test::to_host(mask.view(), stream);
        CHECK(std::set<int>(got.begin(), got.end()) == tiles_with_marks(host_mask.view()));
        CHECK(std::set<int>(got.begin(), got.end()).size() == got.size());
        cases_with_marks += listed > 0 ? 1 : 0;
      }
    }
  }
  CHECK(cases_with_marks > 0);
}

TEST_CASE("GPU reflection mask marks glints just over the level and the floor, on even fields") {
  // An even bright field above, a dark one below; on each a glint just short of being marked
  // and one just over (the default level 50 and floor 150). Most tiles hold no glint.
  pt::test::EyeImage fields{"even fields", pt::ImageU8(256, 160, 180)};
  pt::ImageU8& img = fields.pixels;
  for (int y = 80; y < img.height(); ++y) {
    for (int x = 0; x < img.width(); ++x) img.at(x, y) = 60;
  }
  const auto glint = [&img](int cx, int cy, int grey) {
    for (int y = cy - 2; y <= cy + 2; ++y) {
      for (int x = cx - 2; x <= cx + 2; ++x) img.at(x, y) = static_cast<std::uint8_t>(grey);
    }
  };
  glint(20, 20, 230);   // 50 over the field: not over the level
  glint(90, 20, 231);
  glint(20, 120, 149);  // below the floor
  glint(90, 120, 150);
  const std::vector<pt::test::EyeImage> images{fields};
  pt::TopHatFilter top_hat;
  pt::ImageU8 cpu_marks(img.width(), img.height());
  top_hat.threshold(img.view(), cpu_marks.view(), 19, 50, 150);
  CHECK(cpu_marks.at(20, 20) == 0);
  CHECK(cpu_marks.at(90, 20) == 255);
  CHECK(cpu_marks.at(20, 120) == 0);
  CHECK(cpu_marks.at(90, 120) == 255);

  const pt::gpu::Stream stream;
  check_images(
      "top-hat on even fields", images, stream,
      [&](cudaStream_t s, pt::gpu::CDeviceViewU8 src, pt::gpu::DeviceViewU8 dst) {
        pt::gpu::top_hat_threshold(s, src, dst, 19, 50, 150);
      },
      [&](pt::CViewU8 src, pt::ViewU8 dst) { top_hat.threshold(src, dst, 19, 50, 150); });
  pt::RectExtremumFilter dilation;
  const pt::gpu::DeviceImageU8 marks(img.width(), img.height());
  check_images(
      "reflection mask on even fields", images, stream,
      [&](cudaStream_t s, pt::gpu::CDeviceViewU8 src, pt::gpu::DeviceViewU8 dst) {
        pt::gpu::reflection_mask(s, src, marks.view(), dst, 19, 50, 150, 5);
      },
      [&](pt::CViewU8 src, pt::ViewU8 dst) {
        pt::ImageU8 m(src.width, src.height);
        top_hat.threshold(src, m.view(), 19, 50, 150);
        dilation.apply(std::as_const(m).view(), dst, 5, 5, pt::Extremum::Max);
      });
}

TEST_CASE("GPU morphology refuses kernels its tiles cannot hold") {
  const pt::gpu::Stream stream;
  const pt::gpu::DeviceImageU8 img(8, 8);
  const pt::gpu::DeviceImageU8 out(8, 8);
  CHECK_THROWS_AS(pt::gpu::top_hat_threshold(stream.get(), img.view(), out.view(), 51, 50, 150), std::invalid_argument);
  CHECK_THROWS_AS(pt::gpu::top_hat_threshold(stream.get(), img.view(), out.view(), 0, 50, 150), std::invalid_argument);
  CHECK_THROWS_AS(pt::gpu::rect_extremum(stream.get(), img.view(), out.view(), 300, 300, pt::Extremum::Max),
                  std::invalid_argument);
  CHECK_THROWS_AS(pt::gpu::reflection_mask(stream.get(), img.view(), out.view(), out.view(), 51, 50, 150, 5),
                  std::invalid_argument);
  CHECK_THROWS_AS(pt::gpu::reflection_mask(stream.get(), img.view(), out.view(), out.view(), 19, 50, 150, 0),
                  std::invalid_argument);
}
