// Tracking must not touch the heap frame after frame once it has warmed up: at 500 frames/s a
// few allocations per frame are millions an hour, and buffers that one thread allocates and
// another frees make glibc's per-thread arenas hold ever more memory. Every C++ allocation of
// this executable is counted (counting_new.cpp); the sequences below cover blinks, saccades and
// the searches from dark blobs that follow them.
#include <cstdio>
#include <optional>
#include <vector>

#include "counting_new.hpp"
#include "pt/frame_pool.hpp"
#include "pt/io/blink_events.hpp"
#include "pt/io/csv_trace_writer.hpp"
#include "pt/pupil/eye_pupil_tracker.hpp"
#include "pt/pupil/tracking_window.hpp"
#include "pt/synthetic_source.hpp"
#include "pt_catch.hpp"
#include "temp_dir.hpp"

namespace {

// Frames before counting: enough for every buffer to reach the size it keeps.
constexpr int kWarmUp = 300;
constexpr int kCounted = 900;
// Scratch buffers still grow now and then when they meet a larger glint or dark area than ever
// before (each vector doubles a dozen times at most, then never again): a few such allocations
// over the counted frames are tolerated. One per frame, or one every few frames, is not.
constexpr std::uint64_t kFramesPerAllowedAllocation = 20;

pt::SyntheticConfig eyes_config() {
  pt::SyntheticConfig c;
  c.width = 640;
  c.height = 480;
  c.seed = 7;
  c.fps = 100.0;  // the eyes' clock: 12 s over the sequence, with blinks and saccades
  return c;
}

// Both eyes of a frame tracked as a detector lane tracks them: each eye's tracker, searching
// the window around its previous pupil.
class BothEyes {
 public:
  explicit BothEyes(const pt::DetectorParams& params) : params_(params) {
    const pt::SyntheticEyeRenderer layout(eyes_config());
    trackers_.reserve(2);
    for (int e = 0; e < 2; ++e) {
      regions_.push_back(layout.eye_region(e));
      trackers_.emplace_back(params);
    }
    last_.resize(2);
  }

  // Results go into `out`, sized for two eyes by the caller.
  void track(pt::CViewU8 pixels, double time_s, std::vector<pt::PupilMeasurement>& out) {
    for (std::size_t k = 0; k < 2; ++k) {
      const pt::RectI r = pt::tracking_window(regions_[k].intersect(pixels.bounds()), last_[k], params_.window);
      pt::PupilMeasurement& m = out[k];
      m = trackers_[k].process(pixels.sub(r), pt::Point2f{static_cast<float>(r.x), static_cast<float>(r.y)},
                               k == 0 ? pt::EyeSide::Left : pt::EyeSide::Right, time_s, params_);
      m.searched = r;
      last_[k] = m.detected ? std::optional(m.ellipse) : std::nullopt;
      detected += m.detected ? 1 : 0;
    }
  }

  int detected = 0;

 private:
  pt::DetectorParams params_;
  std::vector<pt::RectI> regions_;
  std::vector<pt::EyePupilTracker> trackers_;
  std::vector<std::optional<pt::Ellipse>> last_;
};

}  // namespace

TEST_CASE("tracking the eyes allocates nothing frame after frame once warmed up") {
  // The Hough detector is a slow reference (tens of frames/s), not a live tracker: left out.
  const auto algorithm = GENERATE(pt::Algorithm::Starburst, pt::Algorithm::ThresholdLabeling);
  pt::DetectorParams params;
  params.algorithm = algorithm;
  pt::SyntheticEyeRenderer renderer(eyes_config());
  pt::ImageU8 frame;
  frame.resize(eyes_config().width, eyes_config().height);
  BothEyes eyes(params);
  std::vector<pt::PupilMeasurement> results(2);

  std::uint64_t during_tracking = 0;
  for (int i = 0; i < kWarmUp + kCounted; ++i) {
    const pt::SyntheticFrameTruth truth = renderer.render_next(frame.view());
    const std::uint64_t before = pt::test::allocations();
    eyes.track(std::as_const(frame).view(), truth.time_s, results);
    if (i >= kWarmUp) during_tracking += pt::test::allocations() - before;
  }

  std::printf("%s: %llu allocations while tracking %d frames after warm-up; pupils found in %d eye-frames\n",
              std::string(pt::to_string(algorithm)).c_str(), static_cast<unsigned long long>(during_tracking),
              kCounted, eyes.detected);
  CHECK(eyes.detected > kWarmUp + kCounted);  // tracking really ran: most eye-frames have a pupil
  CHECK(during_tracking * kFramesPerAllowedAllocation < static_cast<std::uint64_t>(kCounted));
}

TEST_CASE("the synthetic camera through the frame pool into the trace and blink writers allocates nothing per frame") {
  const pt::test::TempDir dir;
  pt::SyntheticSource source(eyes_config(), std::nullopt);
  pt::FramePool pool(source.width(), source.height(), 4, pt::make_host_allocator());
  pt::CsvTraceWriter trace(dir.path() / "trace.csv", pt::TraceLabels{});
  pt::BlinkCsvWriter blinks(dir.path() / "blinks.csv");
  BothEyes eyes(pt::DetectorParams{});
  pt::TrackedFrame done;
  done.eyes.resize(2);

  std::uint64_t counted = 0;
  int unread = 0;  // checked after the loop: no test macro runs while allocations are counted
  for (int i = 0; i < kWarmUp + kCounted; ++i) {
    const std::uint64_t before = pt::test::allocations();
    std::optional<pt::Frame> frame = pool.try_acquire();
    if (!frame || source.read(*frame) != pt::ReadStatus::Ok) {
      ++unread;
      continue;
    }
    done.frame = std::move(*frame);
    eyes.track(std::as_const(done.frame).pixels(), done.frame.info().timestamp_s, done.eyes);
    trace.on_frame(done);
    blinks.on_frame(done);
    done.frame = pt::Frame();
    if (i >= kWarmUp) counted += pt::test::allocations() - before;
  }

  std::printf("source, pool, tracking and writers: %llu allocations over %d frames after warm-up; %llu rows, %llu "
              "blinks\n",
              static_cast<unsigned long long>(counted), kCounted, static_cast<unsigned long long>(trace.rows()),
              static_cast<unsigned long long>(blinks.events()));
  REQUIRE(unread == 0);
  CHECK(trace.rows() == 2 * (kWarmUp + kCounted));
  CHECK(counted * kFramesPerAllowedAllocation < static_cast<std::uint64_t>(kCounted));
}

TEST_CASE("a pooled frame's label is written into its slot's storage, not a new string each time") {
  pt::FramePool pool(8, 8, 2, pt::make_host_allocator());
  // Longer than std::string keeps without the heap, as camera labels are.
  constexpr std::string_view kPrefix = "camera:192.168.100.200";
  const auto label_frames = [&](std::uint64_t from) {
    for (std::uint64_t i = from; i < from + 100; ++i) {
      std::optional<pt::Frame> frame = pool.try_acquire();
      REQUIRE(frame.has_value());
      pt::set_indexed_label(frame->info().source, kPrefix, i);
      CHECK(frame->info().source == std::string(kPrefix) + "#" + std::to_string(i));
    }
  };
  label_frames(1'000'000);  // every slot holds a label this long once
  const std::uint64_t before = pt::test::allocations();
  std::optional<pt::Frame> frame = pool.try_acquire();
  const bool leased = frame.has_value();
  const bool fresh = leased && frame->info().source.empty();  // no label left from the last lease
  if (leased) pt::set_indexed_label(frame->info().source, kPrefix, 2'000'000);
  frame.reset();
  const std::uint64_t after = pt::test::allocations();
  REQUIRE(leased);
  CHECK(fresh);
  CHECK(after == before);
}
