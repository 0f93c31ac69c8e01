#include "pt/camera/video_file_source.hpp"

#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>
#include <opencv2/videoio.hpp>

#include "frame_reading.hpp"
#include "lossless_video.hpp"
#include "pt/camera/input_error.hpp"
#include "pt/frame_pool.hpp"
#include "pt/host_allocator.hpp"
#include "pt_catch.hpp"
#include "temp_dir.hpp"
#include "test_data.hpp"

namespace {

using pt::camera::InputError;
using pt::camera::VideoFileSource;

constexpr int kWidth = 80;
constexpr int kHeight = 60;
constexpr int kFrames = 40;
constexpr double kFps = 25.0;

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// A dark disc moving over a gradient, with the frame number written into the first row, so that
// a frame out of order or decoded wrongly shows.
cv::Mat synthetic_frame(int i) {
  cv::Mat frame(kHeight, kWidth, CV_8UC1);
  for (int y = 0; y < kHeight; ++y) {
    for (int x = 0; x < kWidth; ++x) frame.at<std::uint8_t>(y, x) = static_cast<std::uint8_t>(100 + x + y);
  }
  cv::circle(frame, cv::Point(15 + i, 30), 10, cv::Scalar(20), cv::FILLED);
  frame.at<std::uint8_t>(0, 0) = static_cast<std::uint8_t>(i);
  frame.at<std::uint8_t>(0, 1) = static_cast<std::uint8_t>(255 - i);
  return frame;
}

std::vector<cv::Mat> synthetic_frames() {
  std::vector<cv::Mat> frames;
  for (int i = 0; i < kFrames; ++i) frames.push_back(synthetic_frame(i));
  return frames;
}

void expect_input_error(const std::filesystem::path& path, const std::string& part) {
  try {
    VideoFileSource source(path);
    FAIL("expected InputError for " << path);
  } catch (const InputError& e) {
    INFO(e.what());
    CHECK(contains(e.what(), part));
    CHECK(contains(e.what(), path.string()));
  }
}

}  // namespace

TEST_CASE("video reads back a lossless file exactly, in order, with labels and timestamps") {
  const pt::test::TempDir dir;
  const auto file = dir / "clip.avi";
  const auto frames = synthetic_frames();
  INFO("codec " << pt::test::write_lossless_video(file, frames, kFps, false));

  VideoFileSource source(file);
  CHECK(source.width() == kWidth);
  CHECK(source.height() == kHeight);
  CHECK(source.nominal_fps() == Approx(kFps));
  REQUIRE(source.frame_count().has_value());
  CHECK(*source.frame_count() == kFrames);
  CHECK(contains(source.describe(), file.string()));

  const auto outcome = pt::test::read_all_frames(source);
  CHECK(outcome.last == pt::ReadStatus::EndOfStream);
  CHECK(source.error().empty());
  REQUIRE(outcome.pixels.size() == static_cast<std::size_t>(kFrames));
  for (std::size_t i = 0; i < outcome.pixels.size(); ++i) {
    INFO("frame " << i);
    CHECK(pt::test::same_pixels(outcome.pixels[i], frames[i]));
    CHECK(outcome.infos[i].index == i);
    CHECK(outcome.infos[i].source == file.string() + "#" + std::to_string(i));
    CHECK(outcome.infos[i].timestamp_s == Approx(static_cast<double>(i) / kFps).margin(1e-6));
  }
  CHECK(source.notices().empty());  // grey video is no conversion even though FFmpeg hands out BGR
}

TEST_CASE("video cut short gives back only the intact first frames, then says so") {
  const pt::test::TempDir dir;
  const auto file = dir / "clip.avi";
  const auto frames = synthetic_frames();
  pt::test::write_lossless_video(file, frames, kFps, false);
  const auto size = std::filesystem::file_size(file);

  // 60% is the case of interest; the other cuts land at other places inside a frame's packet.
  for (const int percent : {60, 35, 85}) {
    INFO("cut to " << percent << "% of the file");
    const auto cut = dir / ("cut" + std::to_string(percent) + ".avi");
    std::filesystem::copy_file(file, cut);
    std::filesystem::resize_file(cut, size * static_cast<unsigned>(percent) / 100U);

    VideoFileSource source(cut);
    const auto outcome = pt::test::read_all_frames(source);
    const std::size_t read = outcome.pixels.size();
    INFO("frames read from the cut file: " << read);
    CHECK(read > 0);
    CHECK(read < static_cast<std::size_t>(kFrames));
    for (std::size_t i = 0; i < read; ++i) {
      INFO("frame " << i);
      CHECK(pt::test::same_pixels(outcome.pixels[i], frames[i]));  // no garbage frame slips through
      CHECK(outcome.infos[i].index == i);
    }
    if (source.frame_count()) {
      CHECK(outcome.last == pt::ReadStatus::Error);
      INFO(source.error());
      CHECK(contains(source.error(), "ended early"));
      CHECK(contains(source.error(),
                     "frame " + std::to_string(read) + " of " + std::to_string(*source.frame_count())));
      CHECK(contains(source.error(), cut.string()));
    } else {
      CHECK(outcome.last == pt::ReadStatus::EndOfStream);
    }
    pt::FramePool pool(kWidth, kHeight, 1, pt::make_host_allocator());
    auto frame = pool.try_acquire();
    CHECK(source.read(*frame) == outcome.last);  // the ending sticks
  }
}

TEST_CASE("video in colour becomes grey the way cvtColor makes it, with one notice") {
  const pt::test::TempDir dir;
  const auto file = dir / "colour.avi";
  std::vector<cv::Mat> frames;
  for (int i = 0; i < 3; ++i) {
    cv::Mat bgr(kHeight, kWidth, CV_8UC3);
    cv::RNG rng(static_cast<std::uint64_t>(i) + 1);
    rng.fill(bgr, cv::RNG::UNIFORM, 0, 256);
    frames.push_back(bgr);
  }
  pt::test::write_lossless_video(file, frames, kFps, true);

  VideoFileSource source(file);
  const auto outcome = pt::test::read_all_frames(source);
  CHECK(outcome.last == pt::ReadStatus::EndOfStream);
  REQUIRE(outcome.pixels.size() == frames.size());
  cv::VideoCapture reference(file.string(), cv::CAP_FFMPEG);
  for (std::size_t i = 0; i < frames.size(); ++i) {
    cv::Mat decoded;
    cv::Mat expected;
    REQUIRE(reference.read(decoded));
    cv::cvtColor(decoded, expected, cv::COLOR_BGR2GRAY);
    CHECK(pt::test::same_pixels(outcome.pixels[i], expected));
  }
  REQUIRE(source.notices().size() == 1);
  CHECK(source.notices()[0] == "video frames are colour (3 channels): converted to grey");
}

TEST_CASE("video inputs that cannot work are input errors") {
  const pt::test::TempDir dir;
  SECTION("missing file") { expect_input_error(dir / "absent.mp4", "does not exist"); }
  SECTION("text named .mp4") {
    std::ofstream(dir / "notes.mp4") << "this is not a video, just some words in a file\n";
    expect_input_error(dir / "notes.mp4", "not a video");
  }
  SECTION("a folder") { expect_input_error(dir.path(), "is a folder"); }
}

TEST_CASE("video from the shared data: the binocular FFV1 clip reads to its end") {
  const auto clip = pt::test::shared_data_dir() / "eye-ir/videos/subj3_LR_ffv1.avi";
  if (!std::filesystem::exists(clip)) {
    WARN("shared data absent, check skipped: " << clip);
    return;
  }
  VideoFileSource source(clip);
  CHECK(source.width() == 400);
  CHECK(source.height() == 200);
  const auto outcome = pt::test::read_all_frames(source);
  CHECK(outcome.last == pt::ReadStatus::EndOfStream);
  CHECK(source.error().empty());
  REQUIRE(source.frame_count().has_value());
  CHECK(static_cast<std::int64_t>(outcome.pixels.size()) == *source.frame_count());
  CHECK(source.notices().empty());
}
