// Seeking in a video: after seek(p) the source reads on from frame p exactly as OpenCV's own
// sequential reading has it, with the index and time of frame p.
#include <cstdint>
#include <filesystem>
#include <vector>

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>
#include <opencv2/videoio.hpp>

#include "frame_reading.hpp"
#include "lossless_video.hpp"
#include "pt/camera/video_file_source.hpp"
#include "pt_catch.hpp"
#include "temp_dir.hpp"
#include "test_data.hpp"

namespace {

using pt::camera::VideoFileSource;

// Every frame of `file` read front to back by OpenCV, in grey.
std::vector<cv::Mat> frames_read_by_opencv(const std::filesystem::path& file) {
  cv::VideoCapture capture(file.string(), cv::CAP_FFMPEG);
  std::vector<cv::Mat> frames;
  for (cv::Mat bgr; capture.read(bgr) && !bgr.empty();) {
    cv::Mat grey;
    cv::cvtColor(bgr, grey, cv::COLOR_BGR2GRAY);
    frames.push_back(grey);
  }
  return frames;
}

// Seeks to each position in turn and checks the next `run` frames against the reference.
void check_seeks(VideoFileSource& source, const std::vector<cv::Mat>& reference, const std::vector<std::int64_t>& positions,
                 std::size_t run) {
  for (const std::int64_t p : positions) {
    INFO("seek to " << p);
    REQUIRE(source.seek(p));
    const pt::test::ReadOutcome got = pt::test::read_all_frames(source, run);
    REQUIRE(!got.pixels.empty());
    for (std::size_t i = 0; i < got.pixels.size(); ++i) {
      const std::size_t expected = static_cast<std::size_t>(p) + i;
      INFO("frame " << expected);
      REQUIRE(expected < reference.size());
      CHECK(got.infos[i].index == expected);
      CHECK(pt::test::same_pixels(got.pixels[i], reference[expected]));
    }
  }
}

}  // namespace

TEST_CASE("video seeks to any frame, back and forth, and reads on from there as OpenCV reads the file") {
  const pt::test::TempDir dir;
  const auto file = dir / "clip.avi";
  std::vector<cv::Mat> frames;
  for (int i = 0; i < 30; ++i) {
    cv::Mat frame(48, 64, CV_8UC1, cv::Scalar(90));
    cv::circle(frame, cv::Point(10 + i, 24), 8, cv::Scalar(20), cv::FILLED);
    frame.at<std::uint8_t>(0, 0) = static_cast<std::uint8_t>(i);  // each frame tells itself apart
    frames.push_back(frame);
  }
  INFO("codec " << pt::test::write_lossless_video(file, frames, 25.0, false));
  const std::vector<cv::Mat> reference = frames_read_by_opencv(file);
  REQUIRE(reference.size() == frames.size());

  VideoFileSource source(file);
  CHECK(source.can_seek());
  check_seeks(source, reference, {17, 3, 0, 29, 12}, 4);

  SECTION("the frame's time is the video's clock at that frame") {
    REQUIRE(source.seek(20));
    const pt::test::ReadOutcome got = pt::test::read_all_frames(source, 1);
    REQUIRE(got.infos.size() == 1);
    CHECK(got.infos[0].timestamp_s == Approx(20.0 / 25.0).margin(1e-6));
    CHECK(got.infos[0].source == file.string() + "#20");
  }
  SECTION("after the end, a seek back plays on") {
    const pt::test::ReadOutcome all = pt::test::read_all_frames(source);
    CHECK(all.last == pt::ReadStatus::EndOfStream);
    check_seeks(source, reference, {5}, 100);
    CHECK(pt::test::read_all_frames(source).last == pt::ReadStatus::EndOfStream);
  }
  SECTION("positions that are not frames are refused and change nothing") {
    REQUIRE(source.seek(7));
    CHECK_FALSE(source.seek(-1));
    CHECK_FALSE(source.seek(30));
    CHECK(source.error().empty());
    check_seeks(source, reference, {7}, 2);
  }
}

TEST_CASE("video with key frames (the shared H.264 clip) seeks exactly to frames between key frames") {
  const auto clip = pt::test::shared_data_dir() / "eye-ir/videos/deepvog_demo.mp4";
  if (!std::filesystem::exists(clip)) {
    WARN("shared data absent, check skipped: " << clip);
    return;
  }
  const std::vector<cv::Mat> reference = frames_read_by_opencv(clip);
  REQUIRE(reference.size() > 200);
  VideoFileSource source(clip);
  const auto last = static_cast<std::int64_t>(reference.size()) - 1;
  check_seeks(source, reference, {157, 3, last - 2, 101, 0}, 3);
}
