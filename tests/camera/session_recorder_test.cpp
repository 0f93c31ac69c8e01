// The recorder: a live run recorded losslessly replays the same frames with the same indices,
// times and labels, and tracking the replay writes the same trace; a writer that falls behind
// drops frames from the recording and counts them; the sidecar holds the session's settings.
#include <chrono>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "frame_reading.hpp"
#include "pt/camera/open_file_source.hpp"
#include "pt/camera/input_error.hpp"
#include "pt/camera/recorded_session_source.hpp"
#include "pt/camera/session_recorder.hpp"
#include "pt/frame_pool.hpp"
#include "pt/io/csv_trace_writer.hpp"
#include "pt/synthetic_source.hpp"
#include "pt/tracking_run.hpp"
#include "pt_catch.hpp"
#include "temp_dir.hpp"

using pt::camera::RecordingContext;
using pt::camera::SessionRecorder;

namespace {

std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The trace without its last column: latency_us is how long this run's detector took.
std::vector<std::string> trace_without_latency(const std::filesystem::path& p) {
  std::vector<std::string> rows;
  std::istringstream in(slurp(p));
  for (std::string line; std::getline(in, line);) rows.push_back(line.substr(0, line.rfind(',')));
  return rows;
}

pt::SyntheticConfig small_binocular() {
  pt::SyntheticConfig config;
  config.width = 320;
  config.height = 240;
  config.seed = 9;
  config.fps = 30.0;  // 300 frames are 10 s of the eyes' motion, blinks included
  return config;
}

std::vector<pt::EyeRegion> regions_of(const pt::SyntheticConfig& config) {
  const pt::SyntheticEyeRenderer layout(config);
  return {{pt::EyeSide::Left, layout.eye_region(0)}, {pt::EyeSide::Right, layout.eye_region(1)}};
}

pt::RunSummary track(pt::FrameSource& source, const std::vector<pt::EyeRegion>& regions,
                     std::vector<pt::ResultSink*> sinks) {
  const pt::DetectorParams params;
  const auto detector = pt::make_cpu_detector(params);
  return pt::run_tracking(source, *detector, regions, params, sinks, pt::RunOptions{});
}

}  // namespace

TEST_CASE("10 s of the synthetic camera recorded live replay as the same frames and the same trace") {
  const pt::test::TempDir dir;
  const pt::SyntheticConfig config = small_binocular();
  const auto regions = regions_of(config);
  const auto video = dir / "session.mkv";
  {
    pt::SyntheticSource live(config, 300);
    RecordingContext context{live.describe(), std::nullopt, regions, pt::DetectorParams{}, live.nominal_fps()};
    // Not a camera: nothing is lost by waiting for the encoder.
    SessionRecorder recorder(video, config.width, config.height, context, {64, true});
    pt::CsvTraceWriter trace(dir / "live.csv", {});
    REQUIRE(track(live, regions, {&trace, &recorder}).frames == 300);
    recorder.finish();
    CHECK(recorder.recorded() == 300);
    CHECK(recorder.dropped() == 0);
  }
  REQUIRE(pt::camera::is_recorded_session(video));

  pt::SyntheticEyeRenderer renderer(config);
  pt::ImageU8 expected(config.width, config.height);
  const auto replay = pt::camera::open_file_source(video);
  const pt::test::ReadOutcome frames = pt::test::read_all_frames(*replay);
  CHECK(frames.last == pt::ReadStatus::EndOfStream);
  REQUIRE(frames.pixels.size() == 300);
  int differing = 0;
  for (std::size_t i = 0; i < frames.pixels.size(); ++i) {
    const pt::SyntheticFrameTruth truth = renderer.render_next(expected.view());
    const cv::Mat wrapped(config.height, config.width, CV_8UC1, expected.data());
    differing += pt::test::same_pixels(frames.pixels[i], wrapped) ? 0 : 1;
    CHECK(frames.infos[i].index == truth.index);
    CHECK(frames.infos[i].timestamp_s == truth.time_s);
    CHECK(frames.infos[i].source == pt::SyntheticSource::label(truth.index));
  }
  CHECK(differing == 0);

  const auto again = pt::camera::open_file_source(video);
  pt::CsvTraceWriter replay_trace(dir / "replay.csv", {});
  REQUIRE(track(*again, regions, {&replay_trace}).frames == 300);
  const auto live_rows = trace_without_latency(dir / "live.csv");
  CHECK(live_rows.size() == 1 + 600);
  CHECK(live_rows == trace_without_latency(dir / "replay.csv"));
}

TEST_CASE("a recorder whose writer falls behind leaves frames out, counts them, and the replay keeps the indices") {
  const pt::test::TempDir dir;
  pt::SyntheticConfig config = small_binocular();
  config.width = 640;
  config.height = 480;
  pt::SyntheticSource live(config, 61);
  const auto video = dir / "behind.mkv";
  SessionRecorder recorder(video, config.width, config.height, {live.describe(), std::nullopt, {}, {}, 30.0},
                           {2, false});
  pt::FramePool pool(config.width, config.height, 1, pt::make_host_allocator());
  // Handed over as fast as they render, 60 frames outrun an encoder with two buffers.
  for (int i = 0; i < 60; ++i) {
    auto frame = pool.try_acquire();
    REQUIRE(live.read(*frame) == pt::ReadStatus::Ok);
    recorder.record(*frame);
  }
  // Once the writer has caught up, the last frame finds a free buffer again.
  while (recorder.recorded() + recorder.dropped() < 60) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  auto last = pool.try_acquire();
  REQUIRE(live.read(*last) == pt::ReadStatus::Ok);
  recorder.record(*last);
  recorder.finish();
  CHECK(recorder.dropped() > 0);
  CHECK(recorder.recorded() + recorder.dropped() == 61);
  const std::string sidecar = slurp(recorder.files().sidecar);
  CHECK(sidecar.find("\"frames_recorded\": " + std::to_string(recorder.recorded()) + ",") != std::string::npos);
  CHECK(sidecar.find("\"frames_dropped\": " + std::to_string(recorder.dropped()) + ",") != std::string::npos);

  pt::camera::RecordedSessionSource replay(video);
  const pt::test::ReadOutcome frames = pt::test::read_all_frames(replay);
  CHECK(frames.last == pt::ReadStatus::EndOfStream);
  REQUIRE(frames.infos.size() == recorder.recorded());
  CHECK(frames.infos.front().index == 0);
  bool increasing = true;
  for (std::size_t i = 1; i < frames.infos.size(); ++i) increasing = increasing && frames.infos[i].index > frames.infos[i - 1].index;
  CHECK(increasing);
  CHECK(frames.infos.back().index == 60);  // the left-out frames leave gaps
}

TEST_CASE("the sidecar holds the camera settings, the eye regions and the detector parameters") {
  const pt::test::TempDir dir;
  pt::camera::AppliedCameraSettings camera;
  camera.exposure_us = 2500.0;
  camera.fps = 500.0;
  camera.region = {0, 0, 64, 48};
  camera.pixel_format = "Mono12";
  camera.trigger = "off";
  pt::DetectorParams detector;
  detector.algorithm = pt::Algorithm::CannyHough;
  detector.fit = pt::FitModel::Circle;
  RecordingContext context{"camera 10.0.0.2 (Vendor \"X\")", camera, {{pt::EyeSide::Single, {4, 4, 40, 30}}}, detector, 500.0};
  {
    SessionRecorder recorder(dir / "s.mkv", 64, 48, context);
  }
  const std::string sidecar = slurp(dir / "s.json");
  INFO(sidecar);
  CHECK(sidecar.find("\"video\": \"s.mkv\"") != std::string::npos);
  CHECK(sidecar.find("\"frame_table\": \"s.frames.csv\"") != std::string::npos);
  CHECK(sidecar.find("\"source\": \"camera 10.0.0.2 (Vendor \\\"X\\\")\"") != std::string::npos);
  CHECK(sidecar.find("\"camera\": {\"exposure_us\": 2500, \"gain\": null, \"fps\": 500, \"region\": [0, 0, 64, 48], "
                     "\"pixel_format\": \"Mono12\", \"trigger\": \"off\", \"packet_size\": null}") != std::string::npos);
  CHECK(sidecar.find("\"regions\": [{\"eye\": \"single\", \"rect\": [4, 4, 40, 30]}]") != std::string::npos);
  CHECK(sidecar.find("\"algorithm\": \"hough\", \"fit\": \"circle\"") != std::string::npos);
  CHECK(sidecar.find("\"frames_recorded\": 0,") != std::string::npos);
}

TEST_CASE("a recording named for no video container is refused with the name as the reason") {
  const pt::test::TempDir dir;
  const RecordingContext context{"synthetic", std::nullopt, {}, {}, 30.0};
  for (const char* name : {"r.txt", "r"}) {
    CAPTURE(name);
    try {
      SessionRecorder recorder(dir / name, 64, 48, context);
      FAIL("recording to " << name << " was not refused");
    } catch (const pt::camera::InputError& e) {
      CHECK_THAT(e.what(), Catch::Matchers::Contains("names no video container") &&
                               Catch::Matchers::Contains("name it .mkv"));
    }
    CHECK_FALSE(std::filesystem::exists(dir / "r.frames.csv"));
  }
}
