#pragma once
#include <string>

#include <opencv2/core/mat.hpp>

#include "pt/frame.hpp"

namespace pt::camera {

// Copies an 8-bit grey picture into a pooled frame. A frame whose buffer is larger is narrowed to
// the picture; false with `problem` set when the frame cannot hold it.
bool fill_frame(const cv::Mat& grey8, pt::Frame& frame, std::string& problem);

}  // namespace pt::camera
