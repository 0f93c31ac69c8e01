#include "pt/camera/open_file_source.hpp"

#include <system_error>

#include "in_quotes.hpp"
#include "pt/camera/input_error.hpp"
#include "pt/camera/recorded_session_source.hpp"
#include "pt/camera/video_file_source.hpp"

namespace pt::camera {

std::unique_ptr<pt::FrameSource> open_file_source(const std::filesystem::path& path,
                                                  const FileSourceOptions& options) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) throw InputError("input " + in_quotes(path) + " does not exist");
  if (std::filesystem::is_directory(path, ec)) {
    return std::make_unique<ImageFolderSource>(path, options.folder);
  }
  if (is_recorded_session(path)) return std::make_unique<RecordedSessionSource>(path);
  return std::make_unique<VideoFileSource>(path);
}

}  // namespace pt::camera
