// Canny + Hough on the device (gpu/src/canny_hough) against the CPU's: the edge list against
// CannyEdgeDetector's edges (the same pixels in raster order, the same gradients), and the whole
// search against CannyHoughSearch on the same preprocessed images, to the bit.
#include <cstdio>
#include <vector>

#include "canny_hough/canny_edges.hpp"
#include "canny_hough/device_canny_hough.hpp"
#include "frame_search_parity.hpp"
#include "gpu_test_support.hpp"
#include "pt/gpu/cuda_check.hpp"
#include "pt/imgproc/canny.hpp"
#include "pt_catch.hpp"

namespace {

// The mask's marked pixels: a corner block, so that some edges fall under it.
pt::ImageU8 corner_mask(int width, int height) {
  pt::ImageU8 mask(width, height, 0);
  for (int y = 0; y < height / 3; ++y) {
    for (int x = 0; x < width / 3; ++x) mask.view().at(x, y) = 255;
  }
  return mask;
}

}  // namespace

TEST_CASE("GPU Canny edges are the CPU's, in raster order") {
  const pt::gpu::Stream stream;
  const pt::CannyHoughParams params;
  long long edges = 0;
  int images = 0;
  for (const pt::test::SearchCase& c : pt::test::search_cases()) {
    const pt::CViewU8 img = c.pixels.view();
    if (img.width < 3 || img.height < 3) continue;
    INFO(c.name);
    const pt::ImageU8 mask = corner_mask(img.width, img.height);
    pt::CannyEdgeDetector cpu;
    cpu.compute_gradients(img);
    const float high = cpu.magnitude_quantile(params.high_fraction);
    pt::ImageU8 map(img.width, img.height);
    cpu.find_edges(params.low_ratio * high, high, map.view());
    std::vector<pt::Point2f> want_at;
    std::vector<pt::Point2f> want_gradient;
    for (int y = 0; y < img.height; ++y) {
      for (int x = 0; x < img.width; ++x) {
        if (std::as_const(map).view().at(x, y) == 0 || mask.view().at(x, y) != 0) continue;
        want_at.push_back({static_cast<float>(x), static_cast<float>(y)});
        want_gradient.push_back({static_cast<float>(cpu.dx().at(x, y)), static_cast<float>(cpu.dy().at(x, y))});
      }
    }

    pt::gpu::canny::EdgeFinder finder(img.width, img.height);
    const pt::gpu::DeviceImageU8 image = pt::test::to_device(img, stream);
    const pt::gpu::DeviceImageU8 marked = pt::test::to_device(mask.view(), stream);
    finder.enqueue(stream.get(), pt::test::device_view(image), pt::test::device_view(marked), params);
    stream.synchronize();
    const pt::gpu::canny::EdgeList list = finder.list();
    const int n = pt::test::read_device_int(list.count, stream);
    REQUIRE(n == static_cast<int>(want_at.size()));
    std::vector<pt::Point2f> got_at(static_cast<std::size_t>(n));
    std::vector<pt::Point2f> got_gradient(static_cast<std::size_t>(n));
    PT_CUDA_CHECK(cudaMemcpy(got_at.data(), list.positions, sizeof(pt::Point2f) * got_at.size(), cudaMemcpyDeviceToHost));
    PT_CUDA_CHECK(cudaMemcpy(got_gradient.data(), list.gradients, sizeof(pt::Point2f) * got_gradient.size(),
                             cudaMemcpyDeviceToHost));
    int differ = 0;
    for (std::size_t i = 0; i < got_at.size(); ++i) {
      const bool same = got_at[i].x == want_at[i].x && got_at[i].y == want_at[i].y &&
                        got_gradient[i].x == want_gradient[i].x && got_gradient[i].y == want_gradient[i].y;
      differ += same ? 0 : 1;
    }
    CHECK(differ == 0);
    edges += n;
    ++images;
  }
  std::printf("canny edges: %d images, %lld edges\n", images, edges);
  CHECK(edges > 0);
}

TEST_CASE("GPU Canny + Hough search equals the CPU's to the bit") {
  using Variant = pt::test::SearchVariant;
  std::vector<Variant> variants(3);
  variants[0].name = "defaults";
  variants[1].name = "circles, half-pixel radii, other thresholds";
  variants[1].params.fit = pt::FitModel::Circle;
  variants[1].params.canny_hough.radius_step_px = 0.5F;
  variants[1].params.canny_hough.high_fraction = 0.9F;
  variants[1].params.canny_hough.low_ratio = 0.5F;
  variants[2].name = "small pupils only";
  variants[2].params.starburst.max_radius_px = 25.0F;
  for (Variant& v : variants) v.params.algorithm = pt::Algorithm::CannyHough;
  const pt::test::SearchTally t = pt::test::check_frame_searches(variants);
  std::printf("canny + hough: %d searches, %d with a pupil, %d left to the host (over %d edges near the circle)\n",
              t.searched, t.found, t.incomplete, pt::gpu::kDeviceOutcomePoints);
  CHECK(t.found > 0);
  CHECK(t.incomplete * 10 <= t.searched);
}

// The quantile at its ends: every pixel's magnitude over the high threshold (0), and none (past
// 1: the largest magnitude). Where so many edges lie near the circle that the outcome cannot
// hold them, the device leaves the frame to the host; the rest must still be equal.
TEST_CASE("GPU Canny + Hough equals the CPU's with the high threshold at its extremes") {
  using Variant = pt::test::SearchVariant;
  std::vector<Variant> variants(2);
  variants[0].name = "high threshold at the 0 quantile";
  variants[0].params.canny_hough.high_fraction = 0.0F;
  variants[1].name = "high threshold past the largest magnitude";
  variants[1].params.canny_hough.high_fraction = 1.5F;
  for (Variant& v : variants) v.params.algorithm = pt::Algorithm::CannyHough;
  const pt::test::SearchTally t = pt::test::check_frame_searches(variants);
  std::printf("canny + hough, extreme thresholds: %d searches, %d with a pupil, %d left to the host\n", t.searched,
              t.found, t.incomplete);
  CHECK(t.searched - t.incomplete > 0);
}

TEST_CASE("The device leaves full-circle voting and radius tables beyond its histogram to the host") {
  pt::DetectorParams p;
  p.algorithm = pt::Algorithm::CannyHough;
  CHECK(pt::gpu::device_canny_hough_supports(p));
  p.canny_hough.voting = pt::HoughVoting::FullCircle;
  CHECK_FALSE(pt::gpu::device_canny_hough_supports(p));
  p.canny_hough.voting = pt::HoughVoting::Gradient;
  p.starburst.max_radius_px = 400.0F;
  p.canny_hough.radius_step_px = 0.25F;
  CHECK_FALSE(pt::gpu::device_canny_hough_supports(p));
  p.starburst.min_radius_px = 30.0F;
  p.starburst.max_radius_px = 20.0F;
  CHECK_FALSE(pt::gpu::device_canny_hough_supports(p));
}
