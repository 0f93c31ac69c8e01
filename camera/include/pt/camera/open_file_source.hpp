#pragma once
#include <filesystem>
#include <memory>

#include "pt/camera/image_folder_source.hpp"
#include "pt/frame_source.hpp"

namespace pt::camera {

struct FileSourceOptions {
  ImageFolderOptions folder;  // used only when the path is a folder
};

// A folder becomes an ImageFolderSource, a video with a frame table beside it (a recording of
// SessionRecorder) a RecordedSessionSource, anything else a VideoFileSource. Throws InputError when
// the path does not exist or cannot be opened as either.
[[nodiscard]] std::unique_ptr<pt::FrameSource> open_file_source(const std::filesystem::path& path,
                                                                const FileSourceOptions& options = {});

}  // namespace pt::camera
