// The CUDA detector against the CPU detector on the same frames, in latency and throughput mode,
// from pageable and from pinned frames. With the search on the host, preprocessing on the device
// is bit-exact and the search is the CPU's own. With tracked eyes searched on the device, the
// search runs the CPU's arithmetic in the CPU's order with the same reproducible math, and so
// does thresholding and labeling, searched on the device in every frame. Either
// way every decision, every ellipse and every search's edge points must be equal to the bit;
// which frames the device searches after a re-acquisition (it depends on when frames are
// collected) then cannot change a result.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "../core/pupil/same_measurement.hpp"
#include "gpu_test_support.hpp"
#include "pgm_frames.hpp"
#include "pt/frame_pool.hpp"
#include "pt/gpu/cuda_pupil_detector.hpp"
#include "pt/gpu/pinned_allocator.hpp"
#include "pt/synthetic_eyes.hpp"
#include "pt_catch.hpp"

namespace {

struct Traced {
  std::vector<pt::PupilMeasurement> eyes;
  std::vector<pt::SearchOutcome> searches;  // while kept
};
using Trace = std::vector<Traced>;  // by frame

struct Replay {
  std::vector<pt::EyeRegion> regions;
  pt::DetectorParams params;
  bool independent = false;  // reset_tracking() before every frame
  bool keep_searches = false;
  // The user points at `hint_centre` in eye `hint_eye` before frame `hint_frame` (-1: never).
  int hint_frame = -1;
  std::size_t hint_eye = 0;
  pt::Point2f hint_centre;
};

Trace track(pt::PupilDetector& detector, const std::vector<pt::ImageU8>& frames, const Replay& replay,
            std::shared_ptr<pt::HostAllocator> allocator) {
  const int w = frames.front().width();
  const int h = frames.front().height();
  pt::FramePool pool(w, h, detector.max_in_flight() + 1, std::move(allocator));
  Trace trace;
  const auto keep = [&](const pt::TrackedFrame& done) {
    REQUIRE(done.frame.info().index == trace.size());  // results come back in submission order
    trace.push_back({done.eyes, done.searches});
  };
  detector.keep_searches(replay.keep_searches);
  for (std::size_t i = 0; i < frames.size(); ++i) {
    std::optional<pt::Frame> frame = pool.try_acquire();
    while (!frame) {
      keep(detector.collect(true).value());
      frame = pool.try_acquire();
    }
    pt::copy_pixels(frames[i].view(), frame->pixels());
    frame->info().index = i;
    frame->info().timestamp_s = static_cast<double>(i) / 500.0;
    if (replay.independent) detector.reset_tracking();
    if (static_cast<int>(i) == replay.hint_frame) detector.hint_pupil(replay.hint_eye, replay.hint_centre);
    detector.submit(std::move(*frame), replay.regions, replay.params);
    while (auto done = detector.collect(false)) keep(*done);
  }
  while (auto done = detector.collect(true)) keep(*done);
  return trace;
}

enum class Search { Host, Device };

// Equal to the bit, whichever side searched; the differences are printed as well, for the report.
void require_same(const std::string& name, const Trace& gpu, const Trace& cpu, Search search) {
  REQUIRE(gpu.size() == cpu.size());
  int decisions = 0;
  int same_decisions = 0;
  int detected = 0;
  int identical = 0;  // both found, and the same ellipse to the bit
  double centre = 0.0;
  double diameter = 0.0;
  for (std::size_t f = 0; f < cpu.size(); ++f) {
    REQUIRE(gpu[f].eyes.size() == cpu[f].eyes.size());
    for (std::size_t e = 0; e < cpu[f].eyes.size(); ++e) {
      const pt::PupilMeasurement& g = gpu[f].eyes[e];
      const pt::PupilMeasurement& c = cpu[f].eyes[e];
      ++decisions;
      same_decisions += g.detected == c.detected ? 1 : 0;
      if (g.detected != c.detected) {
        // Where and how close to the threshold, for whoever has to find out why.
        std::printf("  decision differs: frame %zu eye %zu, gpu %d (confidence %.6f, centre %.4f,%.4f), cpu %d "
                    "(confidence %.6f, centre %.4f,%.4f)\n",
                    f, e, g.detected ? 1 : 0, g.confidence, g.ellipse.cx, g.ellipse.cy, c.detected ? 1 : 0, c.confidence,
                    c.ellipse.cx, c.ellipse.cy);
      }
      if (!(g.detected && c.detected)) continue;
      ++detected;
      identical += g.ellipse.cx == c.ellipse.cx && g.ellipse.cy == c.ellipse.cy && g.ellipse.a == c.ellipse.a &&
                           g.ellipse.b == c.ellipse.b && g.ellipse.angle_rad == c.ellipse.angle_rad
                       ? 1
                       : 0;
      centre = std::max(centre, static_cast<double>(std::hypot(g.ellipse.cx - c.ellipse.cx, g.ellipse.cy - c.ellipse.cy)));
      diameter = std::max(diameter, static_cast<double>(std::abs(g.ellipse.equivalent_diameter() - c.ellipse.equivalent_diameter())));
    }
  }
  std::printf("tracking parity %-34s %s search: %4d decisions, %4d identical, %4d both detected (%4d ellipses to the bit), "
              "max centre %.3g px, max diameter %.3g px\n",
              name.c_str(), search == Search::Host ? "host" : "device", decisions, same_decisions, detected, identical,
              centre, diameter);
  REQUIRE(detected > 0);  // a comparison of nothing but misses would prove little
  for (std::size_t f = 0; f < cpu.size(); ++f) {
    REQUIRE(gpu[f].searches.size() == cpu[f].searches.size());
    for (std::size_t e = 0; e < cpu[f].searches.size(); ++e) {
      CAPTURE(name, f, e);
      const auto& g = gpu[f].searches[e].edges;
      const auto& c = cpu[f].searches[e].edges;
      REQUIRE(g.size() == c.size());
      for (std::size_t i = 0; i < c.size(); ++i) {
        REQUIRE(g[i].x == c[i].x);
        REQUIRE(g[i].y == c[i].y);
      }
      REQUIRE(gpu[f].searches[e].inlier == cpu[f].searches[e].inlier);
    }
    for (std::size_t e = 0; e < cpu[f].eyes.size(); ++e) {
      CAPTURE(name, f, e);
      const pt::PupilMeasurement& g = gpu[f].eyes[e];
      const pt::PupilMeasurement& c = cpu[f].eyes[e];
      pt::test::require_same_measurement(g, c);
    }
  }
}

// How the detector launches its device searches: each eye's on a stream of its own, as `loop`
// says, or every frame's eyes together on one stream beside the copies' (few_streams; with one
// frame in flight, on the copies' stream).
struct Launch {
  pt::gpu::DeviceLoop loop = pt::gpu::DeviceLoop::Persistent;
  bool few_streams = false;
  // Device events around every stage; untimed, few_streams preprocesses a frame's eyes in one graph.
  bool timed = true;
};

void compare_backends(const std::string& name, const std::vector<pt::ImageU8>& frames, const Replay& replay, int in_flight,
                      bool pinned, Launch launch = {}) {
  const Trace cpu = track(*pt::make_cpu_detector(replay.params), frames, replay, pt::make_host_allocator());
  for (const Search search : {Search::Host, Search::Device}) {
    pt::gpu::CudaDetectorOptions options;
    options.max_in_flight = in_flight;
    options.search_threads = 2;
    options.time_stages = launch.timed;
    options.device_search = search == Search::Device;
    options.device_loop = launch.loop;
    options.few_streams = launch.few_streams;
    const auto cuda = pt::gpu::make_cuda_detector(replay.params, options);
    const Trace gpu = track(*cuda, frames, replay, pinned ? pt::gpu::make_pinned_allocator() : pt::make_host_allocator());
    require_same(name, gpu, cpu, search);
    const pt::gpu::CudaSearchCounts counts = cuda->search_counts();
    std::printf("  eyes found on the device %llu, searched on the host %llu\n",
                static_cast<unsigned long long>(counts.device), static_cast<unsigned long long>(counts.host));
    if (search == Search::Host) REQUIRE(counts.device == 0);
    // A tracked sequence is the device's to search once each pupil has been found.
    if (search == Search::Device && !replay.independent) REQUIRE(counts.device > counts.host);
  }
}

std::vector<pt::ImageU8> synthetic_sequence(int w, int h, int count, std::uint64_t seed) {
  pt::SyntheticConfig config;
  config.width = w;
  config.height = h;
  config.seed = seed;
  config.fps = 500.0;
  pt::SyntheticEyeRenderer renderer(config);
  std::vector<pt::ImageU8> frames;
  for (int i = 0; i < count; ++i) {
    frames.emplace_back(w, h);
    (void)renderer.render_next(frames.back().view());
  }
  return frames;
}

std::vector<pt::EyeRegion> halves(int w, int h) {
  return {{pt::EyeSide::Left, {0, 0, w / 2, h}}, {pt::EyeSide::Right, {w / 2, 0, w - w / 2, h}}};
}

}  // namespace

TEST_CASE("CUDA detector tracks a synthetic binocular sequence as the CPU detector") {
  const bool small = pt::test::small_frames_only();
  const int w = small ? 641 : 1280;
  const int h = small ? 515 : 1024;
  const std::vector<pt::ImageU8> frames = synthetic_sequence(w, h, small ? 12 : 60, 5);
  Replay replay;
  replay.regions = halves(w, h);
  SECTION("full regions, latency mode") { compare_backends("synthetic full, latency", frames, replay, 1, false); }
  SECTION("full regions, throughput mode, pinned frames") {
    compare_backends("synthetic full, throughput, pinned", frames, replay, 4, true);
  }
  SECTION("tracking window, latency mode") {
    replay.params.window.enabled = true;
    compare_backends("synthetic window, latency", frames, replay, 1, true);
  }
  SECTION("independent frames, throughput mode") {
    replay.independent = true;
    compare_backends("synthetic independent, throughput", frames, replay, 3, false);
  }
  SECTION("one stream, untimed, tracking window, latency mode") {
    replay.params.window.enabled = true;
    compare_backends("synthetic one stream, untimed, window", frames, replay, 1, false, {.few_streams = true, .timed = false});
  }
  SECTION("a hint to the right eye, searches kept, latency mode") {
    replay.keep_searches = true;
    replay.hint_frame = 7;
    replay.hint_eye = 1;
    replay.hint_centre = {static_cast<float>(w) * 0.7F, static_cast<float>(h) * 0.4F};
    compare_backends("synthetic hint+searches, latency", frames, replay, 1, false);
  }
  // One frame at a time: thresholding and labeling searches the whole window, whose darkest
  // grey sets its levels, so its results depend on where the window lies, which with frames in
  // flight follows an older frame than on the CPU.
  SECTION("thresholding and labeling, tracking window, latency mode") {
    replay.params.algorithm = pt::Algorithm::ThresholdLabeling;
    replay.params.window.enabled = true;
    compare_backends("synthetic tl window, latency", frames, replay, 1, true);
  }
  // Two frames in flight, as each of a replay's stretches keeps.
  SECTION("two streams, a hint to the right eye, searches kept, throughput mode") {
    replay.keep_searches = true;
    replay.hint_frame = 7;
    replay.hint_eye = 1;
    replay.hint_centre = {static_cast<float>(w) * 0.7F, static_cast<float>(h) * 0.4F};
    compare_backends("synthetic two streams, hint, throughput", frames, replay, 2, true, {.few_streams = true});
  }
  SECTION("two streams, untimed, a hint to the right eye, throughput mode") {
    replay.hint_frame = 7;
    replay.hint_eye = 1;
    replay.hint_centre = {static_cast<float>(w) * 0.7F, static_cast<float>(h) * 0.4F};
    compare_backends("synthetic two streams, untimed, hint, throughput", frames, replay, 2, true,
                     {.few_streams = true, .timed = false});
  }
  // As a replay's stretches run: both halves of each pinned frame copied to the device at once.
  SECTION("two streams, untimed, full regions, throughput mode, pinned frames") {
    compare_backends("synthetic two streams, untimed, throughput", frames, replay, 2, true,
                     {.few_streams = true, .timed = false});
  }
  SECTION("device search as a CUDA graph, full regions, throughput mode") {
    compare_backends("synthetic graph loop, throughput", frames, replay, 4, true, {pt::gpu::DeviceLoop::Graph});
  }
  SECTION("device search as tail-launched kernels, full regions, latency mode") {
    compare_backends("synthetic tail-launch loop, latency", frames, replay, 1, false, {pt::gpu::DeviceLoop::TailLaunch});
  }
  SECTION("Canny + Hough, full regions, throughput mode") {
    replay.params.algorithm = pt::Algorithm::CannyHough;
    compare_backends("synthetic hough, throughput", frames, replay, 4, true);
  }
  SECTION("median smoothing, circle fit") {
    replay.params.smoothing.kind = pt::Smoothing::Median;
    replay.params.fit = pt::FitModel::Circle;
    compare_backends("synthetic median+circle, throughput", frames, replay, 2, false);
  }
}

TEST_CASE("CUDA detector tracks real binocular frames as the CPU detector") {
  // The device machine has no OpenCV: the frames come as binary PGM from a folder named by
  // PT_GPU_REAL_FRAMES (made from ../shared/data/eye-ir/videos, left and right eye side by side).
  const char* dir = std::getenv("PT_GPU_REAL_FRAMES");
  if (dir == nullptr) {
    WARN("PT_GPU_REAL_FRAMES not set: real frames not compared");
    return;
  }
  const std::vector<pt::ImageU8> frames = pt::test::read_pgm_folder(dir);
  REQUIRE(frames.size() > 1);
  const int w = frames.front().width();
  const int h = frames.front().height();
  Replay replay;
  replay.regions = halves(w, h);
  SECTION("full regions, throughput mode") { compare_backends("real full, throughput", frames, replay, 4, false); }
  SECTION("tracking window, latency mode") {
    replay.params.window.enabled = true;
    compare_backends("real window, latency", frames, replay, 1, true);
  }
  SECTION("independent frames, throughput mode") {
    replay.independent = true;
    compare_backends("real independent, throughput", frames, replay, 4, true);
  }
  SECTION("thresholding and labeling, throughput mode") {
    replay.params.algorithm = pt::Algorithm::ThresholdLabeling;
    compare_backends("real tl, throughput", frames, replay, 4, false);
  }
  SECTION("device search as a CUDA graph, tracking window, searches kept, latency mode") {
    replay.params.window.enabled = true;
    replay.keep_searches = true;
    compare_backends("real graph loop, window, latency", frames, replay, 1, false, {pt::gpu::DeviceLoop::Graph});
  }
  SECTION("one stream, tracking window, latency mode") {
    replay.params.window.enabled = true;
    compare_backends("real one stream, window, latency", frames, replay, 1, false, {.few_streams = true});
  }
  SECTION("one stream, untimed, tracking window, pinned frames") {
    replay.params.window.enabled = true;
    compare_backends("real one stream, untimed, window", frames, replay, 1, true, {.few_streams = true, .timed = false});
  }
  SECTION("device search as tail-launched kernels, throughput mode") {
    compare_backends("real tail-launch loop, throughput", frames, replay, 4, true, {pt::gpu::DeviceLoop::TailLaunch});
  }
  // As a replay's stretches run: both halves of each pinned frame copied to the device at once.
  SECTION("two streams, untimed, throughput mode, pinned frames") {
    compare_backends("real two streams, untimed, throughput", frames, replay, 2, true, {.few_streams = true, .timed = false});
  }
  // Every search runs all its iterations: a chain of some forty kernels, each launched by the one
  // before it.
  SECTION("device search as tail-launched kernels, forty iterations each, latency mode") {
    replay.params.starburst.max_iterations = 40;
    replay.params.starburst.convergence_px = 0.0F;
    compare_backends("real tail-launch loop, 40 iterations", frames, replay, 1, false, {pt::gpu::DeviceLoop::TailLaunch});
  }
  SECTION("Canny + Hough, searches kept, latency mode") {
    replay.params.algorithm = pt::Algorithm::CannyHough;
    replay.keep_searches = true;
    compare_backends("real hough, latency", frames, replay, 1, false);
  }
}
