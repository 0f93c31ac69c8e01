#pragma once
// Real frames for the GPU tests on a machine without OpenCV: 8-bit binary PGM files.
#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "pt/image.hpp"

namespace pt::test {

// Every *.pgm in the folder, in file-name order; all must share one size. Throws on a file that
// is not 8-bit binary PGM.
std::vector<ImageU8> read_pgm_folder(const std::filesystem::path& folder);

// One eye of a real binocular frame (its left or right half), as its own image.
struct RealEye {
  std::string name;
  ImageU8 pixels;
};
// Both eyes of about `frames` frames spread over the folder named by PT_GPU_REAL_FRAMES (made from
// ../shared/data/eye-ir/videos, left and right eye side by side); nothing when it is not set.
std::optional<std::vector<RealEye>> real_eyes(std::size_t frames);

}  // namespace pt::test
