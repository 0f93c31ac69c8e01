#pragma once

namespace pt::camera {

// OpenCV and the FFmpeg inside it print their own messages ("can't read header", "moov atom not
// found") for failures that the readers already report in their own words; two messages for one
// problem confuse users. Only the first call acts, so a level the application sets later stands.
// Must run before the first video is opened: OpenCV reads the FFmpeg level once, at that point.
void quiet_opencv_logging_once();

}  // namespace pt::camera
