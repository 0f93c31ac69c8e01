#include "frame_fill.hpp"

#include <cstddef>
#include <cstdint>

namespace pt::camera {

bool fill_frame(const cv::Mat& grey8, pt::Frame& frame, std::string& problem) {
  if (!frame.valid()) {
    problem = "the frame to fill holds no buffer";
    return false;
  }
  frame.set_size(grey8.cols, grey8.rows);
  const pt::ViewU8 dst = frame.pixels();
  if (dst.width != grey8.cols || dst.height != grey8.rows) {
    problem = "frame buffer is " + std::to_string(dst.width) + "x" + std::to_string(dst.height) +
              " but the picture is " + std::to_string(grey8.cols) + "x" + std::to_string(grey8.rows);
    return false;
  }
  const pt::CViewU8 src{grey8.ptr<std::uint8_t>(0), grey8.cols, grey8.rows,
                        static_cast<std::ptrdiff_t>(grey8.step1())};
  pt::copy_pixels(src, dst);
  return true;
}

}  // namespace pt::camera
