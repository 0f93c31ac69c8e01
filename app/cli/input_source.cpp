#include "cli/input_source.hpp"

#include <stdexcept>

#if defined(PT_HAVE_OPENCV)
#include "pt/camera/open_file_source.hpp"
#endif

namespace pt::cli {

std::unique_ptr<FrameSource> open_input(const InputOptions& options) {
  if (options.input == "synthetic") {
    return std::make_unique<SyntheticSource>(options.synthetic, options.frames, options.truth_observer);
  }
#if defined(PT_HAVE_OPENCV)
  camera::FileSourceOptions file_options;
  file_options.folder.fps = options.folder_fps;
  file_options.folder.include_glob = options.include_glob;
  file_options.folder.exclude_glob = options.exclude_glob;
  return camera::open_file_source(options.input, file_options);
#else
  throw std::runtime_error("cannot read '" + options.input +
                           "': this build has no video or image input (configure with OpenCV)");
#endif
}

}  // namespace pt::cli
