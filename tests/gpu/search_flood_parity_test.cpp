// The device's dark-region flood against DarkRegionGrower::grow: every field of every candidate
// equal to the bit, on scenes that end the level walk in each of its ways (a spill after a wall,
// an earlier step, the image's edge, the largest pupil's area) and on regions that reach beyond
// the band of rows whose marks the device keeps in shared memory.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "gpu_test_support.hpp"
#include "pgm_frames.hpp"
#include "pt/gpu/cuda_check.hpp"
#include "pt/imgproc/gaussian_filter.hpp"
#include "pt/pupil/dark_region.hpp"
#include "pt/pupil/eye_pupil_tracker.hpp"
#include "pt/random.hpp"
#include "pt/synthetic_eyes.hpp"
#include "pt_catch.hpp"
#include "search/dark_region_flood.hpp"
#include "search/search_block.cuh"

namespace {

using pt::gpu::search::DeviceDarkRegions;
using pt::gpu::search::FloodQuery;

struct Scene {
  std::string name;
  pt::ImageU8 image;
  std::vector<FloodQuery> queries;
};

// The dynamic shared memory a flood may use: all a launch can have; so little that only a narrow
// band of marks and part of the lists fit there, the rest in global memory; none at all.
std::vector<int> shared_budgets() { return {pt::gpu::search::launch_flood_shared_bytes(), 40 * 1024, 0}; }

struct DeviceFloods {
  std::vector<DeviceDarkRegions> found;
  int window_floods = 0;  // decided by the join-level window
};

// The block sizes the flood runs in: the search's, and its own where it is a kernel of its own.
constexpr int kBlockSizes[] = {pt::gpu::search::kSearchThreads, pt::gpu::search::kFloodThreads};

// Runs the scene's queries on the device in one launch.
DeviceFloods grow_on_device(const Scene& scene, const pt::gpu::Stream& stream, int shared_bytes, int threads) {
  const pt::gpu::DeviceImageU8 image = pt::test::to_device(scene.image.view(), stream);
  const pt::gpu::search::FloodScratchBuffers scratch(scene.image.width(), scene.image.height());
  const auto n = scene.queries.size();
  const pt::gpu::DeviceBuffer<FloodQuery> queries(n);
  const pt::gpu::DeviceBuffer<DeviceDarkRegions> results(n);
  const pt::gpu::DeviceBuffer<int> window_floods(1);
  PT_CUDA_CHECK(cudaMemsetAsync(window_floods.data(), 0, sizeof(int), stream.get()));
  PT_CUDA_CHECK(cudaMemcpyAsync(queries.data(), scene.queries.data(), n * sizeof(FloodQuery), cudaMemcpyHostToDevice,
                                stream.get()));
  pt::gpu::search::FloodScratch view = scratch.view(shared_bytes);
  view.window_floods = window_floods.data();
  pt::gpu::search::launch_dark_region_floods(pt::test::device_view(image), queries.data(), static_cast<int>(n), results.data(),
                                             view, stream.get(), threads);
  DeviceFloods out{std::vector<DeviceDarkRegions>(n), 0};
  PT_CUDA_CHECK(cudaMemcpyAsync(out.found.data(), results.data(), n * sizeof(DeviceDarkRegions), cudaMemcpyDeviceToHost,
                                stream.get()));
  PT_CUDA_CHECK(
      cudaMemcpyAsync(&out.window_floods, window_floods.data(), sizeof(int), cudaMemcpyDeviceToHost, stream.get()));
  stream.synchronize();
  return out;
}

std::string describe(const pt::DarkRegion& r) {
  char text[200];
  std::snprintf(text, sizeof text, "levels %.9g/%.9g centre (%.9g, %.9g) radius %.9g box %d,%d %dx%d", r.pupil_level,
                r.spill_level, r.centroid.x, r.centroid.y, r.radius, r.bounds.x, r.bounds.y, r.bounds.w, r.bounds.h);
  return text;
}

std::string describe(bool present, const pt::DarkRegion& r) { return present ? describe(r) : "none"; }

// What each way out of the walk was seen, over all scenes: the test must cover them all.
struct Coverage {
  int floods = 0;
  int after_wall = 0;
  int earlier = 0;
  int open = 0;
  int nothing = 0;
  // Floods that the join-level window decided with all the shared memory a launch has; with
  // none, it never runs (the level-by-level flood decides all).
  int window_decided = 0;
  int window_without_memory = 0;
};

void check_scene(const Scene& scene, const pt::gpu::Stream& stream, Coverage& seen) {
  std::vector<std::vector<DeviceDarkRegions>> gpu;
  std::vector<std::pair<int, int>> launches;  // shared bytes, threads
  const std::vector<int> budgets = shared_budgets();
  for (const int bytes : budgets) {
    for (const int threads : kBlockSizes) {
      DeviceFloods floods = grow_on_device(scene, stream, bytes, threads);
      if (threads == kBlockSizes[0] && bytes == budgets.front()) seen.window_decided += floods.window_floods;
      if (bytes == 0) seen.window_without_memory += floods.window_floods;
      gpu.push_back(std::move(floods.found));
      launches.emplace_back(bytes, threads);
    }
  }
  pt::DarkRegionGrower grower;
  for (std::size_t i = 0; i < scene.queries.size(); ++i) {
    const FloodQuery& q = scene.queries[i];
    const pt::DarkRegionCandidates cpu = grower.grow(scene.image.view(), q.seed, q.min_radius, q.max_radius);
    for (std::size_t b = 0; b < launches.size(); ++b) {
      const DeviceDarkRegions& got = gpu[b][i];
      CAPTURE(scene.name, q.seed.x, q.seed.y, q.min_radius, q.max_radius, launches[b].first, launches[b].second);
      // As text, so that a failure shows both sides whole; %.9g writes every float exactly.
      CHECK(describe(got.has_after_wall, got.after_wall) ==
            describe(cpu.after_wall.has_value(), cpu.after_wall.value_or(pt::DarkRegion{})));
      CHECK(describe(got.has_earlier, got.earlier) ==
            describe(cpu.earlier.has_value(), cpu.earlier.value_or(pt::DarkRegion{})));
      CHECK(got.open == cpu.open);
    }
    ++seen.floods;
    seen.after_wall += cpu.after_wall ? 1 : 0;
    seen.earlier += cpu.earlier ? 1 : 0;
    seen.open += cpu.open ? 1 : 0;
    seen.nothing += !cpu.any() && !cpu.open ? 1 : 0;
  }
}

// The join-level window must decide some floods, or the level-by-level flood alone would be
// tested; without shared memory it cannot run at all.
void check_window_decides(const char* what, const Coverage& seen) {
  std::printf("flood parity, %s: the window decided %d of %d floods (%d without shared memory)\n", what,
              seen.window_decided, seen.floods, seen.window_without_memory);
  CHECK(seen.window_decided > 0);
  CHECK(seen.window_without_memory == 0);
}

pt::ImageU8 smoothed(const pt::ImageU8& image) {
  if (image.width() < 3 || image.height() < 3) return image;
  pt::ImageU8 out(image.width(), image.height());
  pt::GaussianFilter(5, 2.0).apply(image.view(), out.view());
  return out;
}

float uniform(pt::SplitMix64& rng, float lo, float hi) { return lo + (hi - lo) * rng.uniform01(); }

// A shaded background with dark ellipses of soft borders (some running out of the image), noise,
// and the tracker's smoothing.
pt::ImageU8 ellipse_scene(int w, int h, pt::SplitMix64& rng, std::vector<pt::Ellipse>& drawn) {
  const float base = uniform(rng, 60.0F, 200.0F);
  const float gx = uniform(rng, -0.3F, 0.3F);
  const float gy = uniform(rng, -0.3F, 0.3F);
  std::vector<float> grey(static_cast<std::size_t>(w) * static_cast<std::size_t>(h));
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) grey[static_cast<std::size_t>(y * w + x)] = base + gx * static_cast<float>(x) + gy * static_cast<float>(y);
  }
  const int count = 1 + static_cast<int>(rng.next() % 3);
  for (int e = 0; e < count; ++e) {
    pt::Ellipse el;
    el.cx = uniform(rng, -0.1F, 1.1F) * static_cast<float>(w);
    el.cy = uniform(rng, -0.1F, 1.1F) * static_cast<float>(h);
    el.a = uniform(rng, 3.0F, 0.4F * static_cast<float>(std::max(w, h)));
    el.b = el.a * uniform(rng, 0.15F, 1.0F);
    el.angle_rad = uniform(rng, 0.0F, 3.14159F);
    const float dark = uniform(rng, 5.0F, 120.0F);
    const float border = uniform(rng, 0.5F, 6.0F);
    const float c = std::cos(el.angle_rad);
    const float s = std::sin(el.angle_rad);
    for (int y = 0; y < h; ++y) {
      for (int x = 0; x < w; ++x) {
        const float dx = static_cast<float>(x) - el.cx;
        const float dy = static_cast<float>(y) - el.cy;
        const float u = (c * dx + s * dy) / el.a;
        const float v = (-s * dx + c * dy) / el.b;
        const float outside = (std::sqrt(u * u + v * v) - 1.0F) * el.b / border;  // in border widths
        const float t = std::clamp(0.5F + outside, 0.0F, 1.0F);
        float& g = grey[static_cast<std::size_t>(y * w + x)];
        g = std::min(g, dark + t * (g - dark));
      }
    }
    drawn.push_back(el);
  }
  const float noise = uniform(rng, 0.0F, 12.0F);
  pt::ImageU8 image(w, h);
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      const float g = grey[static_cast<std::size_t>(y * w + x)] + noise * (rng.uniform01() - 0.5F);
      image.at(x, y) = static_cast<std::uint8_t>(std::clamp(std::lround(g), 0L, 255L));
    }
  }
  return rng.next() % 4 == 0 ? image : smoothed(image);
}

// Limits as the tracker passes them, and narrower ones that end walks by the largest area.
FloodQuery query_at(pt::SplitMix64& rng, pt::Point2f seed) {
  switch (rng.next() % 4) {
    case 0: return {seed, 6.0F, 200.0F};
    case 1: return {seed, uniform(rng, 0.0F, 8.0F), uniform(rng, 4.0F, 40.0F)};
    case 2: return {seed, 0.0F, 1000.0F};
    default: return {seed, uniform(rng, 2.0F, 20.0F), uniform(rng, 20.0F, 300.0F)};
  }
}

// Seeds at random, on the edges and corners, at the darkest pixel and inside each ellipse.
std::vector<FloodQuery> queries_for(const pt::ImageU8& image, const std::vector<pt::Ellipse>& ellipses,
                                    pt::SplitMix64& rng) {
  const auto w = static_cast<float>(image.width());
  const auto h = static_cast<float>(image.height());
  std::vector<FloodQuery> q;
  for (int i = 0; i < 4; ++i) q.push_back(query_at(rng, {uniform(rng, -2.0F, w + 1.0F), uniform(rng, -2.0F, h + 1.0F)}));
  q.push_back(query_at(rng, {0.0F, uniform(rng, 0.0F, h)}));
  q.push_back(query_at(rng, {w - 1.0F, h - 1.0F}));
  const auto darkest = std::min_element(image.data(), image.data() + static_cast<std::ptrdiff_t>(image.width()) * image.height());
  const auto at = static_cast<int>(darkest - image.data());
  q.push_back(query_at(rng, {static_cast<float>(at % image.width()), static_cast<float>(at / image.width())}));
  for (const pt::Ellipse& e : ellipses) {
    q.push_back(query_at(rng, {e.cx, e.cy}));
    q.push_back(query_at(rng, {e.cx + uniform(rng, -0.5F, 0.5F) * e.b, e.cy + uniform(rng, -0.5F, 0.5F) * e.b}));
  }
  return q;
}

// The darkest pixel of each cell of a 4x4 grid: where pupils and shadows are.
std::vector<FloodQuery> dark_points(const pt::ImageU8& image, pt::SplitMix64& rng) {
  std::vector<FloodQuery> q;
  for (int cy = 0; cy < 4; ++cy) {
    for (int cx = 0; cx < 4; ++cx) {
      const int x0 = cx * image.width() / 4;
      const int y0 = cy * image.height() / 4;
      pt::Point2f best{static_cast<float>(x0), static_cast<float>(y0)};
      for (int y = y0; y < (cy + 1) * image.height() / 4; ++y) {
        for (int x = x0; x < (cx + 1) * image.width() / 4; ++x) {
          if (image.at(x, y) < image.at(static_cast<int>(best.x), static_cast<int>(best.y))) {
            best = {static_cast<float>(x), static_cast<float>(y)};
          }
        }
      }
      q.push_back(query_at(rng, best));
    }
  }
  return q;
}

Scene random_scene(int index, pt::SplitMix64& rng) {
  const bool tiny = index % 10 == 0;
  const int w = tiny ? 1 + static_cast<int>(rng.next() % 12) : 40 + static_cast<int>(rng.next() % 600);
  const int h = tiny ? 1 + static_cast<int>(rng.next() % 12) : 40 + static_cast<int>(rng.next() % 500);
  std::vector<pt::Ellipse> ellipses;
  pt::ImageU8 image = ellipse_scene(w, h, rng, ellipses);
  std::vector<FloodQuery> queries = queries_for(image, ellipses, rng);
  return {"random " + std::to_string(index) + " " + std::to_string(w) + "x" + std::to_string(h), std::move(image),
          std::move(queries)};
}

// A dark streak a few pixels wide and far longer than a pupil, with a dark pupil at one end: the
// region must follow it out of the band of rows kept in shared memory.
Scene streak_scene(int index, pt::SplitMix64& rng) {
  const int w = 500 + static_cast<int>(rng.next() % 500);
  const int h = 300 + static_cast<int>(rng.next() % 300);
  pt::ImageU8 image(w, h, 170);
  const int y0 = 20 + static_cast<int>(rng.next() % static_cast<unsigned>(h - 40));
  const int width = 1 + static_cast<int>(rng.next() % 4);
  const int level = 40 + static_cast<int>(rng.next() % 60);
  for (int x = 5; x < w - 5; ++x) {
    const int y = y0 + static_cast<int>(8.0F * std::sin(static_cast<float>(x) / 40.0F));
    for (int k = 0; k < width; ++k) image.at(x, std::clamp(y + k, 1, h - 2)) = static_cast<std::uint8_t>(level + (x * 7) % 5);
  }
  const int px = 30 + static_cast<int>(rng.next() % 40);
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      const int dx = x - px;
      const int dy = y - y0;
      if (dx * dx + dy * dy < 15 * 15) image.at(x, y) = 20;
    }
  }
  std::vector<FloodQuery> q;
  q.push_back({{static_cast<float>(px), static_cast<float>(y0)}, 6.0F, 200.0F});
  q.push_back({{static_cast<float>(px), static_cast<float>(y0)}, 3.0F, 1000.0F});
  q.push_back({{static_cast<float>(w / 2), static_cast<float>(y0 + static_cast<int>(8.0F * std::sin(static_cast<float>(w / 2) / 40.0F)))},
               0.0F, 1000.0F});
  return {"streak " + std::to_string(index), std::move(image), std::move(q)};
}

}  // namespace

TEST_CASE("device flood equals DarkRegionGrower::grow on random scenes") {
  const pt::gpu::Stream stream;
  pt::SplitMix64 rng(20261122);
  Coverage seen;
  const bool small = pt::test::small_frames_only();
  const int scenes = small ? 20 : 300;
  for (int i = 0; i < scenes; ++i) check_scene(random_scene(i, rng), stream, seen);
  for (int i = 0; i < scenes / 10; ++i) check_scene(streak_scene(i, rng), stream, seen);
  for (const int grey : {0, 255, 90}) {
    pt::ImageU8 flat(97, 61, static_cast<std::uint8_t>(grey));
    check_scene({"flat " + std::to_string(grey), flat, queries_for(flat, {}, rng)}, stream, seen);
  }
  std::printf("flood parity, random scenes: %d floods, after_wall %d, earlier %d, open %d, nothing %d\n", seen.floods,
              seen.after_wall, seen.earlier, seen.open, seen.nothing);
  if (small) return;  // the sanitizers' few scenes need not meet every way out
  CHECK(seen.after_wall > 0);
  CHECK(seen.earlier > 0);
  CHECK(seen.open > 0);
  CHECK(seen.nothing > 0);
  check_window_decides("random scenes", seen);
}

TEST_CASE("device flood equals DarkRegionGrower::grow on synthetic eyes") {
  const pt::gpu::Stream stream;
  pt::SplitMix64 rng(7);
  Coverage seen;
  for (const pt::test::EyeImage& eye : pt::test::synthetic_eye_regions()) {
    for (const pt::ImageU8& image : {eye.pixels, smoothed(eye.pixels)}) {
      check_scene({eye.name, image, queries_for(image, {}, rng)}, stream, seen);
    }
  }
  std::printf("flood parity, synthetic eyes: %d floods, after_wall %d\n", seen.floods, seen.after_wall);
  CHECK(seen.after_wall > 0);
  check_window_decides("synthetic eyes", seen);
}

TEST_CASE("device flood equals DarkRegionGrower::grow where the tracker grows it") {
  // The tracker's floods: from near the pupil's centre with its limits, in a binocular frame's
  // whole eye region and in a tracking window around the pupil, over frames of a moving eye.
  pt::SyntheticConfig config;
  config.seed = 21;
  pt::SyntheticEyeRenderer renderer(config);
  pt::ImageU8 frame(config.width, config.height);
  const pt::gpu::Stream stream;
  pt::SplitMix64 rng(5);
  Coverage seen;
  const int frames = pt::test::small_frames_only() ? 1 : 6;
  for (int f = 0; f < frames; ++f) {
    pt::SyntheticFrameTruth truth;
    for (int skip = 0; skip < 37; ++skip) truth = renderer.render_next(frame.view());
    for (int e = 0; e < config.eyes; ++e) {
      const pt::Ellipse& pupil = truth.eyes[static_cast<std::size_t>(e)].pupil;
      const pt::RectI region = renderer.eye_region(e);
      pt::ImageU8 pixels(region.w, region.h);
      pt::copy_pixels(std::as_const(frame).view().sub(region), pixels.view());
      const pt::ImageU8 image = smoothed(pixels);
      const pt::Point2f centre{pupil.cx - static_cast<float>(region.x), pupil.cy - static_cast<float>(region.y)};
      const pt::RectI window = pt::RectI{static_cast<int>(centre.x) - 78, static_cast<int>(centre.y) - 78, 156, 156}.intersect(
          pt::RectI{0, 0, image.width(), image.height()});
      pt::ImageU8 cut(window.w, window.h);
      pt::copy_pixels(image.view().sub(window), cut.view());
      const std::string tag = "eye " + std::to_string(e) + " after " + std::to_string(37 * (f + 1)) + " frames";
      for (const bool whole : {true, false}) {
        const pt::Point2f at = whole ? centre : pt::Point2f{centre.x - static_cast<float>(window.x), centre.y - static_cast<float>(window.y)};
        std::vector<FloodQuery> q;
        for (int i = 0; i < 4; ++i) {
          q.push_back({{at.x + uniform(rng, -4.0F, 4.0F), at.y + uniform(rng, -4.0F, 4.0F)}, 6.0F, 200.0F});
        }
        check_scene({tag + (whole ? " region" : " window"), whole ? image : cut, std::move(q)}, stream, seen);
      }
    }
  }
  std::printf("flood parity, tracker's floods: %d floods, after_wall %d\n", seen.floods, seen.after_wall);
  CHECK(seen.after_wall > 0);
  check_window_decides("tracker's floods", seen);
  // These are the floods a tracked pupil costs: the window is there to decide them.
  CHECK(seen.window_decided >= 9 * seen.floods / 10);
}

TEST_CASE("device flood equals DarkRegionGrower::grow on real frames") {
  const auto eyes = pt::test::real_eyes(40);
  if (!eyes) {
    WARN("PT_GPU_REAL_FRAMES not set: real frames not compared");
    return;
  }
  REQUIRE(!eyes->empty());
  const pt::gpu::Stream stream;
  pt::SplitMix64 rng(11);
  Coverage seen;
  for (const pt::test::RealEye& eye : *eyes) {
    const pt::ImageU8 image = smoothed(eye.pixels);
    std::vector<FloodQuery> queries = queries_for(image, {}, rng);
    const std::vector<FloodQuery> dark = dark_points(image, rng);
    queries.insert(queries.end(), dark.begin(), dark.end());
    check_scene({eye.name, image, std::move(queries)}, stream, seen);
  }
  std::printf("flood parity, real frames: %d floods, after_wall %d\n", seen.floods, seen.after_wall);
  CHECK(seen.after_wall > 0);
  check_window_decides("real frames", seen);
}

TEST_CASE("device flood equals DarkRegionGrower::grow from the CPU tracker's own seeds on real frames") {
  // The frames in order, as the tracker sees them: each eye's search starts with a flood from the
  // pupil it found in the frame before, in the image its preprocessing made (reflections filled,
  // smoothed). Those floods, on the device and on the CPU.
  const char* dir = std::getenv("PT_GPU_REAL_FRAMES");
  if (dir == nullptr) {
    WARN("PT_GPU_REAL_FRAMES not set: the tracker's floods on real frames not compared");
    return;
  }
  const std::vector<pt::ImageU8> frames = pt::test::read_pgm_folder(dir);
  REQUIRE(!frames.empty());
  const pt::DetectorParams params;
  const pt::StarburstParams& sp = params.starburst;
  const pt::gpu::Stream stream;
  Coverage seen;
  const int w = frames.front().width() / 2;
  for (int e = 0; e < 2; ++e) {
    pt::EyePupilTracker tracker(params);
    const pt::RectI region{e * w, 0, w, frames.front().height()};
    for (std::size_t f = 0; f < frames.size(); ++f) {
      const auto state = tracker.tracking_state();
      (void)tracker.process(frames[f].view().sub(region), {static_cast<float>(region.x), 0.0F},
                            e == 0 ? pt::EyeSide::Left : pt::EyeSide::Right, static_cast<double>(f) / 30.0, params);
      if (!state) continue;
      pt::ImageU8 image(region.w, region.h);
      pt::copy_pixels(tracker.preprocessed(), image.view());
      const pt::Point2f seed{state->centre.x - static_cast<float>(region.x), state->centre.y};
      check_scene({"eye " + std::to_string(e) + " frame " + std::to_string(f), std::move(image),
                   {{seed, sp.min_radius_px, sp.max_radius_px}}},
                  stream, seen);
    }
  }
  std::printf("flood parity, the tracker's seeds on real frames: %d floods, after_wall %d\n", seen.floods,
              seen.after_wall);
  CHECK(seen.floods > 0);
}

// Not a check: the time per flood, printed for the report. A pupil grown again and again in one
// launch (as the search kernel would), with all the shared memory a launch can have and with
// none (every mark and list in global memory), against the CPU's flood on this machine in the same run.
void report_flood_time(const std::string& name, const pt::ImageU8& image, const FloodQuery& q,
                       const pt::gpu::Stream& stream) {
  constexpr int kRepeats = 200;
  const Scene scene{name, image, std::vector<FloodQuery>(kRepeats, q)};
  const pt::gpu::DeviceImageU8 d_image = pt::test::to_device(image.view(), stream);
  const pt::gpu::search::FloodScratchBuffers scratch(image.width(), image.height());
  const pt::gpu::DeviceBuffer<FloodQuery> queries(kRepeats);
  const pt::gpu::DeviceBuffer<DeviceDarkRegions> results(kRepeats);
  PT_CUDA_CHECK(cudaMemcpyAsync(queries.data(), scene.queries.data(), kRepeats * sizeof(FloodQuery),
                                cudaMemcpyHostToDevice, stream.get()));
  double gpu_us[2] = {0.0, 0.0};
  for (int k = 0; k < 2; ++k) {
    const pt::gpu::search::FloodScratch view = scratch.view(k == 0 ? pt::gpu::search::launch_flood_shared_bytes() : 0);
    const pt::gpu::Event start;
    const pt::gpu::Event stop;
    pt::gpu::search::launch_dark_region_floods(pt::test::device_view(d_image), queries.data(), 1, results.data(), view,
                                               stream.get(), pt::gpu::search::kSearchThreads);  // warm-up
    start.record(stream.get());
    pt::gpu::search::launch_dark_region_floods(pt::test::device_view(d_image), queries.data(), kRepeats, results.data(), view,
                                               stream.get(), pt::gpu::search::kSearchThreads);
    stop.record(stream.get());
    stop.synchronize();
    gpu_us[k] = 1000.0 * stop.elapsed_ms_since(start) / kRepeats;
  }
  pt::DarkRegionGrower grower;
  const auto t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < kRepeats; ++i) (void)grower.grow(image.view(), q.seed, q.min_radius, q.max_radius);
  const double cpu_us =
      std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count() / kRepeats;
  const pt::DarkRegionCandidates found = grower.grow(image.view(), q.seed, q.min_radius, q.max_radius);
  Coverage seen;
  check_scene(scene, stream, seen);
  std::printf("flood timing, %s in %dx%d (%s radius %.1f): device %.1f us/flood (global memory only %.1f, x%.2f), "
              "CPU %.1f us/flood (device/CPU %.2f)\n",
              name.c_str(), image.width(), image.height(), found.any() ? "found" : "no region",
              found.any() ? found.main().radius : 0.0F, gpu_us[0], gpu_us[1], gpu_us[1] / gpu_us[0], cpu_us,
              gpu_us[0] / cpu_us);
}

TEST_CASE("device flood timing", "[.timing]") {
  const pt::gpu::Stream stream;
  pt::SplitMix64 rng(3);
  // 250: wider than the largest pupil, the walk ends at its area.
  for (const float radius : {10.0F, 30.0F, 60.0F, 120.0F, 250.0F}) {
    const int w = 640;
    const int h = 1024;
    pt::ImageU8 raw(w, h);
    for (int y = 0; y < h; ++y) {
      for (int x = 0; x < w; ++x) {
        const float d = std::hypot(static_cast<float>(x - w / 2), static_cast<float>(y - h / 2));
        const float t = std::clamp(0.5F + (d - radius) / 3.0F, 0.0F, 1.0F);
        raw.at(x, y) = static_cast<std::uint8_t>(std::lround(30.0F + 90.0F * t + 6.0F * (rng.uniform01() - 0.5F)));
      }
    }
    const FloodQuery q{{static_cast<float>(w / 2), static_cast<float>(h / 2)}, 6.0F, 200.0F};
    report_flood_time("disc radius " + std::to_string(static_cast<int>(radius)), smoothed(raw), q, stream);
  }
}

TEST_CASE("device flood timing on synthetic eyes", "[.timing]") {
  // Binocular 1280x1024 frames: each eye's region is 640x1024, as in the tracker's full mode, and
  // a 130 px window around the pupil stands for its tracking window. Seeds at the true centres.
  pt::SyntheticConfig config;
  config.seed = 12;
  pt::SyntheticEyeRenderer renderer(config);
  pt::ImageU8 frame(config.width, config.height);
  const pt::gpu::Stream stream;
  int shown = 0;
  for (int f = 0; f < 400 && shown < 3; ++f) {
    const pt::SyntheticFrameTruth truth = renderer.render_next(frame.view());
    if (f % 50 != 0) continue;
    for (int e = 0; e < config.eyes; ++e) {
      const pt::SyntheticEyeTruth& eye = truth.eyes[static_cast<std::size_t>(e)];
      if (eye.openness != pt::EyeOpenness::Open) continue;
      const pt::RectI region = renderer.eye_region(e);
      pt::ImageU8 pixels(region.w, region.h);
      pt::copy_pixels(std::as_const(frame).view().sub(region), pixels.view());
      const pt::ImageU8 image = smoothed(pixels);
      const pt::Point2f centre{eye.pupil.cx - static_cast<float>(region.x), eye.pupil.cy - static_cast<float>(region.y)};
      const std::string tag = "eye frame " + std::to_string(f) + " side " + std::to_string(e) + " pupil radius " +
                              std::to_string(static_cast<int>(std::lround(eye.pupil.a)));
      report_flood_time(tag + " full region", image, {centre, 6.0F, 200.0F}, stream);
      const pt::RectI around{static_cast<int>(centre.x) - 65, static_cast<int>(centre.y) - 65, 130, 130};
      const pt::RectI window = around.intersect(pt::RectI{0, 0, image.width(), image.height()});
      pt::ImageU8 cut(window.w, window.h);
      pt::copy_pixels(image.view().sub(window), cut.view());
      report_flood_time(tag + " 130 px window", cut,
                        {{centre.x - static_cast<float>(window.x), centre.y - static_cast<float>(window.y)}, 6.0F, 200.0F},
                        stream);
      ++shown;
    }
  }
  REQUIRE(shown > 0);
}
