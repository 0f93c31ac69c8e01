#pragma once
// The camera the window tracks: the settings it is opened with, what it reported back, and
// whether it streams or is lost (told by the reading thread, read by the GUI thread).
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>

#include "pt/camera/aravis_source.hpp"

namespace pt::gui {

struct CameraStatus {
  std::string id;  // empty while no camera is open
  std::uint64_t opened = 0;  // counts the opens, so that the GUI sees each
  camera::AppliedCameraSettings applied;
  camera::CameraState state = camera::CameraState::Invalid;
  std::string why;           // the last change of state, in a line
  std::uint64_t changes = 0;  // counts the changes of state
};

class CameraSession {
 public:
  // Opens camera `id` (see AravisSource) with the settings asked for; throws camera::InputError.
  std::unique_ptr<FrameSource> open(const std::string& id);
  // A source other than a camera is tracked now.
  void closed();
  // The settings the next open() applies; empty ones keep the camera's own.
  void ask(const camera::CameraSettings& settings);
  [[nodiscard]] camera::CameraSettings asked() const;
  [[nodiscard]] CameraStatus status() const;

 private:
  mutable std::mutex mutex_;
  camera::CameraSettings asked_;
  CameraStatus status_;
};

}  // namespace pt::gui
