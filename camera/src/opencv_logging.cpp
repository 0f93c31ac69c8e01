#include "opencv_logging.hpp"

#include <cstdlib>
#include <mutex>

#include <opencv2/core/utils/logger.hpp>

namespace pt::camera {

void quiet_opencv_logging_once() {
  static std::once_flag once;
  std::call_once(once, [] {
    cv::utils::logging::setLogLevel(cv::utils::logging::LOG_LEVEL_ERROR);
    // -8 is AV_LOG_QUIET. Not overwriting keeps a user's own OPENCV_FFMPEG_LOGLEVEL for debugging.
    setenv("OPENCV_FFMPEG_LOGLEVEL", "-8", 0);
  });
}

}  // namespace pt::camera
