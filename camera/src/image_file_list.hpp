#pragma once
#include <filesystem>
#include <string_view>
#include <vector>

namespace pt::camera {

// The image files directly inside `folder` (png, jpg, jpeg, bmp, tif, tiff, pgm, ppm, any case)
// whose names match `include_glob` (empty: all) and not `exclude_glob` (empty: none), in natural
// order. Throws InputError when the folder cannot be listed.
[[nodiscard]] std::vector<std::filesystem::path> list_image_files(const std::filesystem::path& folder,
                                                                  std::string_view include_glob,
                                                                  std::string_view exclude_glob);

}  // namespace pt::camera
