#include "frame_reading.hpp"

#include <opencv2/core.hpp>

#include "pt/frame_pool.hpp"
#include "pt/host_allocator.hpp"

namespace pt::test {

ReadOutcome read_all_frames(pt::FrameSource& source, std::size_t limit) {
  pt::FramePool pool(source.width(), source.height(), 2, pt::make_host_allocator());
  ReadOutcome outcome;
  while (outcome.pixels.size() < limit) {
    auto frame = pool.try_acquire();
    if (!frame) break;
    outcome.last = source.read(*frame);
    if (outcome.last != pt::ReadStatus::Ok) break;
    const pt::ViewU8 view = frame->pixels();
    const cv::Mat wrapped(view.height, view.width, CV_8UC1, view.data, static_cast<std::size_t>(view.stride));
    outcome.pixels.push_back(wrapped.clone());
    outcome.infos.push_back(frame->info());
  }
  return outcome;
}

bool same_pixels(const cv::Mat& a, const cv::Mat& b) {
  return a.size() == b.size() && a.type() == b.type() && cv::countNonZero(a != b) == 0;
}

}  // namespace pt::test
