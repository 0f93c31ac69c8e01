#pragma once
#include <cstddef>
#include <vector>

#include <opencv2/core/mat.hpp>

#include "pt/frame.hpp"
#include "pt/frame_source.hpp"

namespace pt::test {

struct ReadOutcome {
  std::vector<cv::Mat> pixels;                    // deep copies of every Ok frame
  std::vector<pt::FrameInfo> infos;               // their info, in order
  pt::ReadStatus last = pt::ReadStatus::Invalid;  // the status that ended the reading
};

// Reads until the source says anything but Ok (or `limit` frames), through a pool sized to the
// source, the way the acquisition thread does.
ReadOutcome read_all_frames(pt::FrameSource& source, std::size_t limit = 100000);

// True when the two 8-bit grey pictures hold the same pixels.
bool same_pixels(const cv::Mat& a, const cv::Mat& b);

}  // namespace pt::test
