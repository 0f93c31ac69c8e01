#include "image_file_list.hpp"

#include <algorithm>
#include <array>
#include <string>
#include <system_error>

#include "in_quotes.hpp"
#include "pt/camera/glob_match.hpp"
#include "pt/camera/input_error.hpp"
#include "pt/camera/natural_order.hpp"

namespace pt::camera {
namespace {

bool has_image_extension(const std::filesystem::path& file) {
  static constexpr std::array<std::string_view, 8> kExtensions{".png", ".jpg",  ".jpeg", ".bmp",
                                                               ".tif", ".tiff", ".pgm",  ".ppm"};
  std::string ext = file.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; });
  return std::find(kExtensions.begin(), kExtensions.end(), ext) != kExtensions.end();
}

bool wanted(const std::string& name, std::string_view include_glob, std::string_view exclude_glob) {
  // Dot files beside images are mostly macOS "._name.png" metadata, which no decoder reads.
  if (name.empty() || name.front() == '.') return false;
  if (!include_glob.empty() && !glob_match(include_glob, name)) return false;
  return exclude_glob.empty() || !glob_match(exclude_glob, name);
}

}  // namespace

std::vector<std::filesystem::path> list_image_files(const std::filesystem::path& folder,
                                                    std::string_view include_glob,
                                                    std::string_view exclude_glob) {
  std::vector<std::filesystem::path> files;
  std::error_code ec;
  for (std::filesystem::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    std::error_code entry_ec;  // a dangling link is skipped, not a reason to give up the folder
    if (it->is_regular_file(entry_ec) && has_image_extension(it->path()) &&
        wanted(name, include_glob, exclude_glob)) {
      files.push_back(it->path());
    }
  }
  if (ec) throw InputError("cannot list folder " + in_quotes(folder) + ": " + ec.message());
  std::sort(files.begin(), files.end(), [](const auto& a, const auto& b) {
    return natural_less(a.filename().string(), b.filename().string());
  });
  return files;
}

}  // namespace pt::camera
