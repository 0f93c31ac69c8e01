#pragma once
#include <string>
#include <utility>
#include <vector>

#include <opencv2/core/mat.hpp>

namespace pt::camera {

// Brings decoded pictures to the 8-bit grey the tracker works on, and notes each kind of
// conversion once, so the user learns that the input differs from what the tracker expects.
class GreyConverter {
 public:
  // `what` names the pictures in notices, e.g. "images" or "video frames".
  explicit GreyConverter(std::string what) : what_(std::move(what)) {}

  // Grey video comes out of the FFmpeg backend as three equal channels; taking one of them is
  // lossless and not worth a notice.
  void set_three_channels_are_grey(bool grey) noexcept { three_channels_are_grey_ = grey; }

  // 1, 3 or 4 channels of 8 or 16 bits in, 8-bit grey out (`out` may share `in`'s data when
  // nothing needed converting). `label` names the picture in the 16-bit notice. False with
  // `problem` set for a pixel type that has no sensible grey reading.
  bool convert(const cv::Mat& in, const std::string& label, cv::Mat& out, std::string& problem);

  [[nodiscard]] const std::vector<std::string>& notices() const noexcept { return notices_; }

 private:
  void to_grey(const cv::Mat& in, cv::Mat& grey);
  void choose_shift(const cv::Mat& grey16, const std::string& label);

  std::string what_;
  bool three_channels_are_grey_ = false;
  bool colour_noted_ = false;
  int shift_ = -1;  // bits dropped from 16-bit data, fixed by the first 16-bit picture
  cv::Mat grey16_;
  std::vector<std::string> notices_;
};

}  // namespace pt::camera
