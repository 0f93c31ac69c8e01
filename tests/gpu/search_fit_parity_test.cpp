// The search's fits on the device (gpu/src/search/ransac_fit.cuh, geometric_refinement.cuh)
// against the CPU's RansacConicFitter::fit and the geometric refinement with Starburst's
// acceptance rule, on random ellipses with noise and outliers and on degenerate point sets.
//
// Both run the same arithmetic (core's conic_fit_math.hpp, geometric_fit_math.hpp, ransac_rules.hpp)
// and the device sums in the CPU's order, with the same cos, acos, atan2, cbrt, hypot and log
// (pt/reproducible_math.hpp), so the decisions (fit or none, inlier flags, votes) and every
// parameter must be identical to the bit; the largest difference is printed all the same.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <string>
#include <vector>

#include "gpu_test_support.hpp"
#include "pt/gpu/cuda_check.hpp"
#include "pt/gpu/device_memory.hpp"
#include "pt/gpu/stream.hpp"
#include "pt/pupil/geometric_ellipse_fit.hpp"
#include "pt/pupil/geometric_fit_math.hpp"
#include "pt/pupil/ransac_conic_fitter.hpp"
#include "pt/random.hpp"
#include "pt_catch.hpp"
#include "search/ransac_fit_launch.hpp"

namespace {

using pt::Ellipse;
using pt::Point2f;
namespace search = pt::gpu::search;

struct PointSet {
  std::string name;
  std::vector<Point2f> points;
};

// `n` points on a random ellipse with Gaussian-like noise, a share of them replaced by points
// anywhere in the ellipse's surroundings.
PointSet noisy_ellipse(std::uint64_t seed, int n, float outlier_share) {
  pt::SplitMix64 rng(seed);
  auto uniform = [&](float lo, float hi) { return lo + (hi - lo) * rng.uniform01(); };
  const Ellipse e{uniform(80.0F, 300.0F), uniform(80.0F, 300.0F), uniform(8.0F, 70.0F), 0.0F,
                  uniform(-3.1F, 3.1F)};
  const float b = e.a * uniform(0.45F, 1.0F);
  const float c = std::cos(e.angle_rad);
  const float s = std::sin(e.angle_rad);
  PointSet set{"ellipse seed " + std::to_string(seed) + " n " + std::to_string(n) + " outliers " +
                   std::to_string(outlier_share),
               {}};
  for (int i = 0; i < n; ++i) {
    if (rng.uniform01() < outlier_share) {
      set.points.push_back({e.cx + uniform(-2.0F, 2.0F) * e.a, e.cy + uniform(-2.0F, 2.0F) * e.a});
      continue;
    }
    const float t = uniform(0.0F, 2.0F * std::numbers::pi_v<float>);
    // The sum of three uniforms: roughly normal, sigma 0.5 px.
    const float noise = (uniform(-0.5F, 0.5F) + uniform(-0.5F, 0.5F) + uniform(-0.5F, 0.5F));
    const float u = (e.a + noise) * std::cos(t);
    const float v = (b + noise) * std::sin(t);
    set.points.push_back({e.cx + u * c - v * s, e.cy + u * s + v * c});
  }
  return set;
}

// Under the sanitizers (PT_GPU_TEST_SMALL) one ellipse of each kind.
std::vector<PointSet> point_sets() {
  std::vector<PointSet> sets;
  std::uint64_t seed = 1;
  const int repeats = pt::test::small_frames_only() ? 1 : 4;
  // 300 points: more than the block keeps in shared memory (the fit's global scratch).
  for (const int n : {20, 37, 64, 120, 250, 300}) {
    for (const float share : {0.0F, 0.2F, 0.4F, 0.6F}) {
      for (int k = 0; k < repeats; ++k) sets.push_back(noisy_ellipse(seed++, n, share));
    }
  }
  for (int n = 0; n < 5; ++n) sets.push_back({"few " + std::to_string(n), noisy_ellipse(seed++, n, 0.0F).points});
  PointSet line{"collinear", {}};
  for (int i = 0; i < 40; ++i) line.points.push_back({10.0F + 1.5F * static_cast<float>(i), 20.0F + 0.5F * static_cast<float>(i)});
  sets.push_back(line);
  sets.push_back({"identical", std::vector<Point2f>(30, Point2f{55.5F, 60.25F})});
  PointSet two{"two points repeated", {}};
  for (int i = 0; i < 30; ++i) two.points.push_back(i % 2 == 0 ? Point2f{5.0F, 5.0F} : Point2f{25.0F, 9.0F});
  sets.push_back(two);
  return sets;
}

template <class T>
pt::gpu::DeviceBuffer<T> upload(const std::vector<T>& host) {
  pt::gpu::DeviceBuffer<T> d(std::max<std::size_t>(1, host.size()));
  if (!host.empty()) PT_CUDA_CHECK(cudaMemcpy(d.data(), host.data(), host.size() * sizeof(T), cudaMemcpyHostToDevice));
  return d;
}

template <class T>
std::vector<T> download(const pt::gpu::DeviceBuffer<T>& d, std::size_t n) {
  std::vector<T> host(n);
  if (n > 0) PT_CUDA_CHECK(cudaMemcpy(host.data(), d.data(), n * sizeof(T), cudaMemcpyDeviceToHost));
  return host;
}

// The point sets side by side in device memory, an EdgeList each.
class DeviceSets {
 public:
  explicit DeviceSets(const std::vector<PointSet>& sets) {
    std::vector<Point2f> all;
    std::vector<int> counts;
    for (const auto& s : sets) {
      offsets_.push_back(all.size());
      all.insert(all.end(), s.points.begin(), s.points.end());
      counts.push_back(static_cast<int>(s.points.size()));
    }
    points_ = upload(all);
    flags_ = pt::gpu::DeviceBuffer<std::uint8_t>(std::max<std::size_t>(1, all.size()));
    counts_ = upload(counts);
    sizes_ = counts;
  }
  [[nodiscard]] search::EdgeList list(std::size_t i) const {
    return {points_.data() + offsets_[i], flags_.data() + offsets_[i], counts_.data() + i, std::max(1, sizes_[i])};
  }
  void upload_flags(std::size_t i, const std::vector<std::uint8_t>& flags) const {
    if (!flags.empty()) {
      PT_CUDA_CHECK(cudaMemcpy(flags_.data() + offsets_[i], flags.data(), flags.size(), cudaMemcpyHostToDevice));
    }
  }
  [[nodiscard]] std::vector<std::uint8_t> flags(std::size_t i) const {
    std::vector<std::uint8_t> f(static_cast<std::size_t>(sizes_[i]));
    if (!f.empty()) PT_CUDA_CHECK(cudaMemcpy(f.data(), flags_.data() + offsets_[i], f.size(), cudaMemcpyDeviceToHost));
    return f;
  }

 private:
  std::vector<std::size_t> offsets_;
  std::vector<int> sizes_;
  pt::gpu::DeviceBuffer<Point2f> points_;
  pt::gpu::DeviceBuffer<std::uint8_t> flags_;
  pt::gpu::DeviceBuffer<int> counts_;
};

struct Gap {
  float px = 0.0F;
  float rad = 0.0F;
  void add(const Ellipse& gpu, const Ellipse& cpu) {
    px = std::max({px, std::abs(gpu.cx - cpu.cx), std::abs(gpu.cy - cpu.cy), std::abs(gpu.a - cpu.a),
                   std::abs(gpu.b - cpu.b)});
    rad = std::max(rad, std::abs(gpu.angle_rad - cpu.angle_rad));
  }
};

struct Scenario {
  std::string name;
  pt::FitModel model;
  pt::ShapeLimits limits;
};

std::vector<Scenario> scenarios() {
  const pt::ShapeLimits loose{0.0F, 1000.0F, 10.0F};
  const pt::ShapeLimits pupil{6.0F, 60.0F, 2.0F};
  const pt::ShapeLimits narrow{20.0F, 45.0F, 1.3F};
  return {{"ellipse, loose", pt::FitModel::Ellipse, loose},   {"ellipse, pupil", pt::FitModel::Ellipse, pupil},
          {"ellipse, narrow", pt::FitModel::Ellipse, narrow}, {"circle, loose", pt::FitModel::Circle, loose},
          {"circle, pupil", pt::FitModel::Circle, pupil},     {"circle, narrow", pt::FitModel::Circle, narrow}};
}

// Milliseconds per call of `launch`, over `repeats` calls after one to warm up.
template <class Launch>
float time_ms(const pt::gpu::Stream& stream, int repeats, Launch&& launch) {
  launch();
  cudaEvent_t start = nullptr;
  cudaEvent_t stop = nullptr;
  PT_CUDA_CHECK(cudaEventCreate(&start));
  PT_CUDA_CHECK(cudaEventCreate(&stop));
  PT_CUDA_CHECK(cudaEventRecord(start, stream.get()));
  for (int i = 0; i < repeats; ++i) launch();
  PT_CUDA_CHECK(cudaEventRecord(stop, stream.get()));
  PT_CUDA_CHECK(cudaEventSynchronize(stop));
  float ms = 0.0F;
  PT_CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
  PT_CUDA_CHECK(cudaEventDestroy(start));
  PT_CUDA_CHECK(cudaEventDestroy(stop));
  return ms / static_cast<float>(repeats);
}

// What a parity run compared: fits present on both sides, and the largest differences.
struct ParityRun {
  int fits = 0;
  int refinements = 0;
  Gap fit_gap;
  Gap geometric_gap;
};

// The scenarios on all point sets, the device evaluating the hypotheses at most `chunk` at a time.
ParityRun check_parity(int chunk) {
  const pt::gpu::Stream stream;
  const std::vector<PointSet> sets = point_sets();
  const DeviceSets device(sets);
  pt::RansacParams params;
  params.hypotheses = 300;  // more than one chunk of hypotheses when many are needed
  const std::vector<float> unit = pt::RansacConicFitter::unit_samples(params);
  const auto samples = upload(unit);
  const int hypotheses = static_cast<int>(unit.size()) / pt::ransac::kSampleSize;

  std::vector<search::RansacScratchBuffers> ransac_scratch;
  std::vector<search::GeometricScratchBuffers> geometric_scratch;
  std::vector<search::RansacFitCase> fit_cases;
  for (std::size_t i = 0; i < sets.size(); ++i) {
    const auto capacity = std::max<std::size_t>(1, sets[i].points.size());
    ransac_scratch.emplace_back(capacity, params);
    geometric_scratch.emplace_back(capacity);
    fit_cases.push_back({device.list(i), ransac_scratch.back().scratch()});
    fit_cases.back().scratch.chunk = std::min(fit_cases.back().scratch.chunk, chunk);
  }
  const auto d_fit_cases = upload(fit_cases);
  pt::gpu::DeviceBuffer<search::RansacFitResult> d_results(sets.size());

  ParityRun run;
  for (const Scenario& scenario : scenarios()) {
    search::launch_ransac_fits(d_fit_cases.data(), static_cast<int>(sets.size()), samples.data(), hypotheses, params,
                               scenario.model, scenario.limits, d_results.data(), stream.get());
    stream.synchronize();
    const auto results = download(d_results, sets.size());
    pt::RansacConicFitter fitter(params);
    std::vector<search::GeometricCase> geometric_cases;
    std::vector<Ellipse> expected_geometric;
    for (std::size_t i = 0; i < sets.size(); ++i) {
      INFO(scenario.name << ", chunk " << chunk << ": " << sets[i].name);
      std::vector<std::uint8_t> flags;
      const auto cpu = fitter.fit(sets[i].points, scenario.model, scenario.limits, flags);
      const search::RansacFitResult& gpu = results[i];
      REQUIRE(gpu.ok == cpu.has_value());
      CHECK(device.flags(i) == flags);
      if (!cpu) continue;
      ++run.fits;
      CHECK(gpu.fit.inliers == cpu->inliers);
      run.fit_gap.add(gpu.fit.ellipse, cpu->ellipse);
      CHECK(gpu.fit.ellipse.cx == cpu->ellipse.cx);
      CHECK(gpu.fit.ellipse.cy == cpu->ellipse.cy);
      CHECK(gpu.fit.ellipse.a == cpu->ellipse.a);
      CHECK(gpu.fit.ellipse.b == cpu->ellipse.b);
      CHECK(gpu.fit.ellipse.angle_rad == cpu->ellipse.angle_rad);
      if (scenario.model != pt::FitModel::Ellipse) continue;
      // The refinement starts from the CPU's fit and flags on both sides.
      device.upload_flags(i, flags);
      std::vector<Point2f> inliers;
      for (std::size_t k = 0; k < flags.size(); ++k) {
        if (flags[k] != 0) inliers.push_back(sets[i].points[k]);
      }
      const auto refined = pt::refine_ellipse_geometric(inliers, cpu->ellipse);
      expected_geometric.push_back(pt::geometric_math::accept_refinement(
          {refined.has_value(), refined.value_or(Ellipse{})}, cpu->ellipse, params.inlier_px));
      geometric_cases.push_back({device.list(i), cpu->ellipse, geometric_scratch[i].scratch()});
    }
    if (geometric_cases.empty()) continue;
    const auto d_cases = upload(geometric_cases);
    pt::gpu::DeviceBuffer<Ellipse> d_refined(geometric_cases.size());
    search::launch_nearest_geometrically(d_cases.data(), static_cast<int>(geometric_cases.size()), params,
                                         d_refined.data(), stream.get());
    stream.synchronize();
    const auto refined = download(d_refined, geometric_cases.size());
    for (std::size_t c = 0; c < refined.size(); ++c) {
      INFO(scenario.name << ": geometric case " << c);
      ++run.refinements;
      run.geometric_gap.add(refined[c], expected_geometric[c]);
      CHECK(refined[c].cx == expected_geometric[c].cx);
      CHECK(refined[c].cy == expected_geometric[c].cy);
      CHECK(refined[c].a == expected_geometric[c].a);
      CHECK(refined[c].b == expected_geometric[c].b);
      CHECK(refined[c].angle_rad == expected_geometric[c].angle_rad);
    }
  }
  std::printf("fit parity, chunks of %d hypotheses: %zu point sets x %zu scenarios, %d fits, max |gpu-cpu| %.3g px "
              "%.3g rad; %d geometric refinements, max %.3g px %.3g rad\n",
              chunk, sets.size(), scenarios().size(), run.fits, static_cast<double>(run.fit_gap.px),
              static_cast<double>(run.fit_gap.rad), run.refinements, static_cast<double>(run.geometric_gap.px),
              static_cast<double>(run.geometric_gap.rad));
  return run;
}

}  // namespace

TEST_CASE("The device's RANSAC fit and geometric refinement give the CPU's", "[gpu][search][fit]") {
  // Chunks of up to a thread each, and chunks of one warp (many chunks, the replay carried across).
  for (const int chunk : {search::kSearchThreads, 32}) {
    const ParityRun run = check_parity(chunk);
    CHECK(run.fits > 0);
    CHECK(run.refinements > 0);
  }
}

TEST_CASE("Device fit timings (printed, not asserted)", "[gpu][search][fit][.timing]") {
  // Under the sanitizers (PT_GPU_TEST_SMALL) the timings mean nothing: a couple of launches.
  const int repeats = pt::test::small_frames_only() ? 2 : 200;
  const pt::gpu::Stream stream;
  const pt::RansacParams params;  // the detector's defaults: 1024 hypotheses
  const std::vector<float> unit = pt::RansacConicFitter::unit_samples(params);
  const auto samples = upload(unit);
  const int hypotheses = static_cast<int>(unit.size()) / pt::ransac::kSampleSize;
  const pt::ShapeLimits limits{0.0F, 1000.0F, 10.0F};
  // The launch alone: too few points to fit, the kernel returns at once.
  const DeviceSets empty(std::vector<PointSet>{PointSet{"none", {}}});
  const search::RansacScratchBuffers empty_scratch(1, params);
  const auto d_empty = upload(std::vector<search::RansacFitCase>{{empty.list(0), empty_scratch.scratch()}});
  pt::gpu::DeviceBuffer<search::RansacFitResult> d_nothing(1);
  const float launch_ms = time_ms(stream, repeats, [&] {
    search::launch_ransac_fits(d_empty.data(), 1, samples.data(), hypotheses, params, pt::FitModel::Ellipse, limits,
                               d_nothing.data(), stream.get());
  });
  REQUIRE_FALSE(download(d_nothing, 1)[0].ok);
  std::printf("fit timing: a launch that fits nothing %.1f us\n", static_cast<double>(1000.0F * launch_ms));
  for (const auto& [n, share] : {std::pair{64, 0.1F}, std::pair{192, 0.2F}, std::pair{192, 0.5F}}) {
    const std::vector<PointSet> sets{noisy_ellipse(99, n, share)};
    const DeviceSets device(sets);
    const search::RansacScratchBuffers scratch(static_cast<std::size_t>(n), params);
    const search::GeometricScratchBuffers geometric(static_cast<std::size_t>(n));
    pt::gpu::DeviceBuffer<search::RansacFitResult> d_result(1);
    // Hypotheses fitted at most a chunk at a time (the first chunk is always the floor of 32
    // hypotheses): smaller chunks take more rounds when many hypotheses are needed.
    std::string ransac_us;
    for (const int chunk : {32, 64, 128, 256}) {
      search::RansacFitCase fit_case{device.list(0), scratch.scratch()};
      fit_case.scratch.chunk = chunk;
      const auto d_case = upload(std::vector<search::RansacFitCase>{fit_case});
      const float ms = time_ms(stream, repeats, [&] {
        search::launch_ransac_fits(d_case.data(), 1, samples.data(), hypotheses, params, pt::FitModel::Ellipse, limits,
                                   d_result.data(), stream.get());
      });
      char line[64];
      std::snprintf(line, sizeof line, " %d: %.1f us", chunk, static_cast<double>(1000.0F * ms));
      ransac_us += line;
    }
    const auto fit = download(d_result, 1)[0];
    REQUIRE(fit.ok);
    const auto d_geometric =
        upload(std::vector<search::GeometricCase>{{device.list(0), fit.fit.ellipse, geometric.scratch()}});
    pt::gpu::DeviceBuffer<Ellipse> d_refined(1);
    const float geometric_ms = time_ms(stream, repeats, [&] {
      search::launch_nearest_geometrically(d_geometric.data(), 1, params, d_refined.data(), stream.get());
    });
    std::printf("fit timing: %d points, %.0f%% outliers, %d inliers: block_ransac_fit by chunk%s; "
                "block_nearest_geometrically %.1f us (one block, per launch)\n",
                n, static_cast<double>(100.0F * share), fit.fit.inliers, ransac_us.c_str(),
                static_cast<double>(1000.0F * geometric_ms));
  }
}
