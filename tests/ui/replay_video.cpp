#include "replay_video.hpp"

#include <vector>

#include <opencv2/core.hpp>

#include "lossless_video.hpp"
#include "pt/frame_pool.hpp"
#include "pt/host_allocator.hpp"
#include "pt/synthetic_source.hpp"
#include "pt_catch.hpp"

namespace pt::test {

void write_synthetic_video(const std::filesystem::path& file, int frames, double fps) {
  SyntheticConfig config;
  config.width = 320;
  config.height = 160;
  config.seed = 5;
  config.fps = fps;
  SyntheticSource source(config, frames);
  FramePool pool(config.width, config.height, 1, make_host_allocator());
  std::vector<cv::Mat> pictures;
  for (int i = 0; i < frames; ++i) {
    auto frame = pool.try_acquire();
    REQUIRE(source.read(*frame) == ReadStatus::Ok);
    const ViewU8 v = frame->pixels();
    pictures.push_back(cv::Mat(v.height, v.width, CV_8UC1, v.data, static_cast<std::size_t>(v.stride)).clone());
  }
  write_lossless_video(file, pictures, fps, false);
}

}  // namespace pt::test
