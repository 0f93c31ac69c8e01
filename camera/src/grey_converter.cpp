#include "grey_converter.hpp"

#include <algorithm>
#include <cstdint>

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

namespace pt::camera {
namespace {

// Drops `shift` low bits; values beyond 8 bits after the shift (a later frame brighter than the
// one the shift was chosen on) saturate instead of wrapping.
void shift_to_8bit(const cv::Mat& grey16, int shift, cv::Mat& out) {
  out.create(grey16.size(), CV_8UC1);
  for (int y = 0; y < grey16.rows; ++y) {
    const auto* src = grey16.ptr<std::uint16_t>(y);
    auto* dst = out.ptr<std::uint8_t>(y);
    for (int x = 0; x < grey16.cols; ++x) {
      dst[x] = static_cast<std::uint8_t>(std::min(src[x] >> shift, 255));
    }
  }
}

}  // namespace

bool GreyConverter::convert(const cv::Mat& in, const std::string& label, cv::Mat& out, std::string& problem) {
  const int channels = in.channels();
  if (in.depth() != CV_8U && in.depth() != CV_16U) {
    problem = std::string("unsupported pixel type ") + cv::typeToString(in.type()) +
              " (only 8- and 16-bit pictures are read)";
    return false;
  }
  if (channels != 1 && channels != 3 && channels != 4) {
    problem = "unsupported pixel layout with " + std::to_string(channels) + " channels";
    return false;
  }
  if (in.depth() == CV_8U) {
    to_grey(in, out);
    return true;
  }
  to_grey(in, grey16_);
  if (shift_ < 0) choose_shift(grey16_, label);
  shift_to_8bit(grey16_, shift_, out);
  return true;
}

void GreyConverter::to_grey(const cv::Mat& in, cv::Mat& grey) {
  if (in.channels() == 1) {
    grey = in;
  } else if (in.channels() == 3 && three_channels_are_grey_) {
    cv::extractChannel(in, grey, 0);
  } else {
    cv::cvtColor(in, grey, in.channels() == 4 ? cv::COLOR_BGRA2GRAY : cv::COLOR_BGR2GRAY);
    if (!colour_noted_) {
      notices_.push_back(what_ + " are colour (" + std::to_string(in.channels()) +
                         " channels): converted to grey");
      colour_noted_ = true;
    }
  }
}

// One shift for the whole sequence: rescaling each frame to its own maximum would change the
// contrast from frame to frame, which a tracker would read as the pupil changing.
void GreyConverter::choose_shift(const cv::Mat& grey16, const std::string& label) {
  double max_value = 0.0;
  cv::minMaxLoc(grey16, nullptr, &max_value);
  int data_bits = 16;
  if (max_value <= 1023.0) {
    data_bits = 10;
  } else if (max_value <= 4095.0) {
    data_bits = 12;
  }
  shift_ = data_bits - 8;
  notices_.push_back(what_ + " are 16-bit: converted to 8-bit by shifting right by " +
                     std::to_string(shift_) + " bits (" + std::to_string(data_bits) +
                     "-bit data, judged from the maximum " + std::to_string(static_cast<int>(max_value)) +
                     " of " + label + "); the same shift applies to every frame");
}

}  // namespace pt::camera
