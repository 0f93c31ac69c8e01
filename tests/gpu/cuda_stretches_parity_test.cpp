// A recording cut into stretches tracked at once (run_tracking_in_stretches) by CUDA detectors,
// several in one process on one device, against the same stretches tracked by CPU detectors:
// every frame once, in order, and every measurement equal to the bit. This is what
// `track --segments`, `eval --segments` and the window's trace export run with the CUDA backend.
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "../core/pupil/same_measurement.hpp"
#include "gpu_test_support.hpp"
#include "held_frames.hpp"
#include "pgm_frames.hpp"
#include "pt/gpu/cuda_pupil_detector.hpp"
#include "pt/synthetic_eyes.hpp"
#include "pt/tracking_in_stretches.hpp"
#include "pt_catch.hpp"

namespace {

struct Seen {
  std::uint64_t index = 0;
  std::vector<pt::PupilMeasurement> eyes;
};

class Recorder final : public pt::ResultSink {
 public:
  void on_frame(const pt::TrackedFrame& frame) override { seen.push_back({frame.frame.info().index, frame.eyes}); }
  std::vector<Seen> seen;
};

std::vector<Seen> in_stretches(const std::vector<pt::ImageU8>& frames, const pt::DetectorMaker& make,
                               const pt::StretchPlan& plan) {
  const int w = frames.front().width();
  const int h = frames.front().height();
  const std::vector<pt::EyeRegion> regions{{pt::EyeSide::Left, {0, 0, w / 2, h}},
                                           {pt::EyeSide::Right, {w / 2, 0, w - w / 2, h}}};
  Recorder recorder;
  std::vector<pt::ResultSink*> sinks{&recorder};
  const int n = static_cast<int>(frames.size());
  const pt::RunSummary s = pt::run_tracking_in_stretches(
      [&] { return std::make_unique<pt::test::HeldFrames>(frames, 0, n); }, make, regions, pt::DetectorParams{}, sinks,
      {}, plan);
  REQUIRE(s.error.empty());
  REQUIRE(s.end == pt::ReadStatus::EndOfStream);
  return recorder.seen;
}

void compare(const std::string& name, const std::vector<pt::ImageU8>& frames) {
  const pt::StretchPlan plan{4, 6};
  const std::vector<Seen> cpu =
      in_stretches(frames, [] { return pt::make_cpu_detector(pt::DetectorParams{}, 1); }, plan);
  REQUIRE(cpu.size() == frames.size());
  // Each eye's searches on a stream of their own; each detector's on one stream beside its
  // copies' (as track --segments runs them); and with one frame in flight, the detector's work on
  // one stream, its waits yielding (as track --segments runs more stretches than cores). The
  // latter two with a host search thread an eye, as track --segments gives them.
  struct Launch {
    int in_flight;
    bool few_streams;
    bool yielding;
    int search_threads;
  };
  for (const Launch launch : {Launch{4, false, false, 1}, Launch{4, true, false, 2}, Launch{1, true, true, 2}}) {
    pt::gpu::CudaDetectorOptions options;
    options.max_in_flight = launch.in_flight;
    options.few_streams = launch.few_streams;
    options.yield_while_waiting = launch.yielding;
    options.search_threads = launch.search_threads;
    const std::vector<Seen> cuda =
        in_stretches(frames, [&] { return pt::gpu::make_cuda_detector(pt::DetectorParams{}, options); }, plan);
    REQUIRE(cuda.size() == frames.size());
    std::size_t detected = 0;
    for (std::size_t f = 0; f < frames.size(); ++f) {
      REQUIRE(cuda[f].index == f);
      REQUIRE(cpu[f].index == f);
      REQUIRE(cuda[f].eyes.size() == cpu[f].eyes.size());
      for (std::size_t e = 0; e < cpu[f].eyes.size(); ++e) {
        CAPTURE(name, launch.in_flight, launch.few_streams, launch.yielding, launch.search_threads, f, e);
        pt::test::require_same_measurement(cuda[f].eyes[e], cpu[f].eyes[e]);
        detected += cpu[f].eyes[e].detected ? 1 : 0;
      }
    }
    // Equal because both found pupils, not because neither did.
    CHECK(detected > frames.size());
  }
}

}  // namespace

TEST_CASE("CUDA detectors track stretches at once as CPU detectors do") {
  const bool small = pt::test::small_frames_only();
  pt::SyntheticConfig config;
  config.width = small ? 641 : 1280;
  config.height = small ? 515 : 1024;
  config.seed = 9;
  config.fps = 500.0;
  pt::SyntheticEyeRenderer renderer(config);
  std::vector<pt::ImageU8> frames;
  for (int i = 0; i < 40; ++i) {
    frames.emplace_back(config.width, config.height);
    (void)renderer.render_next(frames.back().view());
  }
  compare("synthetic", frames);
  // PT_GPU_REAL_FRAMES (made from ../shared/data/eye-ir/videos, left and right eye side by side).
  const char* dir = std::getenv("PT_GPU_REAL_FRAMES");
  if (dir == nullptr) {
    WARN("PT_GPU_REAL_FRAMES not set: real frames not compared");
    return;
  }
  compare("real", pt::test::read_pgm_folder(dir));
}
