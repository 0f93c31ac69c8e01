#pragma once
// Real frames for the GPU tests on a machine without OpenCV: 8-bit binary PGM files.
#include <filesystem>
#include <vector>

#include "pt/image.hpp"

namespace pt::test {

// Every *.pgm in the folder, in file-name order; all must share one size. Throws on a file that
// is not 8-bit binary PGM.
std::vector<ImageU8> read_pgm_folder(const std::filesystem::path& folder);

}  // namespace pt::test
