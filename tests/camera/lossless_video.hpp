#pragma once
#include <filesystem>
#include <string>
#include <vector>

#include <opencv2/core/mat.hpp>

namespace pt::test {

// Writes `frames` (all of one size; grey, or BGR when `colour`) as a lossless AVI and returns the
// codec used. FFV1 is what the project's own clips use; MPNG (PNG frames in AVI) is the fallback
// for an FFmpeg built without the FFV1 encoder, and a WARN says when it is taken.
std::string write_lossless_video(const std::filesystem::path& file, const std::vector<cv::Mat>& frames,
                                 double fps, bool colour);

}  // namespace pt::test
