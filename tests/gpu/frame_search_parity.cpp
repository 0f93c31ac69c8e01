#include "frame_search_parity.hpp"

#include <cstring>
#include <utility>

#include "device_frame_search.hpp"
#include "gpu_test_support.hpp"
#include "pgm_frames.hpp"
#include "pt/imgproc/gaussian_filter.hpp"
#include "pt/pupil/pupil_search.hpp"
#include "pt/pupil/reflection_remover.hpp"
#include "pt_catch.hpp"

namespace pt::test {
namespace {

// The CPU's preprocessing, whose outputs both searches read.
struct Preprocessed {
  ImageU8 smoothed;
  ImageU8 mask;
};

Preprocessed preprocess(CViewU8 pixels, const DetectorParams& params) {
  ImageU8 cleaned(pixels.width, pixels.height);
  Preprocessed p{ImageU8(pixels.width, pixels.height), ImageU8(pixels.width, pixels.height)};
  ReflectionRemover remover;
  (void)remover.apply(pixels, cleaned.view(), p.mask.view(), params.reflections);
  GaussianFilter(params.smoothing.gaussian_size, params.smoothing.gaussian_sigma)
      .apply(std::as_const(cleaned).view(), p.smoothed.view());
  return p;
}

bool same_bits(float a, float b) { return std::memcmp(&a, &b, sizeof a) == 0; }

void check_alike(const SearchOutcome& got, const SearchOutcome& want) {
  CHECK(got.iterations == want.iterations);
  REQUIRE(got.fit.has_value() == want.fit.has_value());
  REQUIRE(got.edges.size() == want.edges.size());
  REQUIRE(got.inlier.size() == want.inlier.size());
  int edge_diffs = 0;
  for (std::size_t i = 0; i < got.edges.size(); ++i) {
    const bool same = same_bits(got.edges[i].x, want.edges[i].x) && same_bits(got.edges[i].y, want.edges[i].y) &&
                      (got.inlier.empty() || got.inlier[i] == want.inlier[i]);
    edge_diffs += same ? 0 : 1;
  }
  CHECK(edge_diffs == 0);
  if (!want.fit) return;
  const Ellipse& g = got.fit->ellipse;
  const Ellipse& e = want.fit->ellipse;
  CHECK(got.fit->inliers == want.fit->inliers);
  CHECK(same_bits(g.cx, e.cx));
  CHECK(same_bits(g.cy, e.cy));
  CHECK(same_bits(g.a, e.a));
  CHECK(same_bits(g.b, e.b));
  CHECK(same_bits(g.angle_rad, e.angle_rad));
}

}  // namespace

std::vector<SearchCase> search_cases() {
  std::vector<SearchCase> out;
  for (auto& e : filter_test_images()) out.push_back({e.name, std::move(e.pixels)});
  out.push_back({"blank 64x48", ImageU8(64, 48, 200)});
  out.push_back({"black 40x30", ImageU8(40, 30, 0)});
  // Too small for Sobel's neighbours, or for any pupil.
  out.push_back({"2x2", ImageU8(2, 2, 90)});
  out.push_back({"3x1", ImageU8(3, 1, 40)});
  if (auto eyes = real_eyes(12)) {
    for (auto& e : *eyes) out.push_back({e.name, std::move(e.pixels)});
  }
  return out;
}

SearchTally check_frame_searches(const std::vector<SearchVariant>& variants) {
  const gpu::Stream stream;
  SearchTally tally;
  const std::vector<SearchCase> cases = search_cases();
  for (const SearchVariant& v : variants) {
    REQUIRE(gpu::device_frame_search_supports(v.params));
    for (const SearchCase& c : cases) {
      INFO(v.name << ": " << c.name);
      const Preprocessed in = preprocess(c.pixels.view(), v.params);
      const auto cpu = make_pupil_search(v.params.algorithm, v.params);
      const SearchOutcome& want = cpu->run(in.smoothed.view(), in.mask.view(), {}, v.params);

      const auto device = gpu::make_device_frame_search(in.smoothed.width(), in.smoothed.height(), v.params);
      const gpu::DeviceImageU8 smoothed = to_device(in.smoothed.view(), stream);
      const gpu::DeviceImageU8 mask = to_device(in.mask.view(), stream);
      device->enqueue(stream.get(), device_view(smoothed), device_view(mask), v.params);
      stream.synchronize();
      ++tally.searched;
      if (!device->outcome().complete) {
        ++tally.incomplete;
        continue;
      }
      check_alike(gpu::to_search_outcome(device->outcome()), want);
      tally.found += want.fit ? 1 : 0;
    }
  }
  return tally;
}

}  // namespace pt::test
