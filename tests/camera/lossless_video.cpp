#include "lossless_video.hpp"

#include <opencv2/videoio.hpp>

#include "pt_catch.hpp"

namespace pt::test {

std::string write_lossless_video(const std::filesystem::path& file, const std::vector<cv::Mat>& frames,
                                 double fps, bool colour) {
  REQUIRE_FALSE(frames.empty());
  for (const char* codec : {"FFV1", "MPNG"}) {
    const int fourcc = cv::VideoWriter::fourcc(codec[0], codec[1], codec[2], codec[3]);
    cv::VideoWriter writer(file.string(), cv::CAP_FFMPEG, fourcc, fps, frames.front().size(), colour);
    if (!writer.isOpened()) {
      WARN("the FFmpeg backend cannot write " << codec << "; trying the next lossless codec");
      continue;
    }
    for (const cv::Mat& frame : frames) writer.write(frame);
    return codec;
  }
  FAIL("no lossless codec available to write the test video");
  return {};
}

}  // namespace pt::test
