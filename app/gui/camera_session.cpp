#include "gui/camera_session.hpp"

namespace pt::gui {

std::unique_ptr<FrameSource> CameraSession::open(const std::string& id) {
  camera::AravisSourceOptions options;
  std::uint64_t opening = 0;
  {
    const std::lock_guard lock(mutex_);
    options.settings = asked_;
    opening = status_.opened + 1;
  }
  // The camera tracked so far runs until this one is open; its news must not pass for this one's.
  options.on_state = [this, opening](camera::CameraState state, const std::string& why) {
    const std::lock_guard lock(mutex_);
    if (status_.opened != opening) return;
    status_.state = state;
    status_.why = why;
    ++status_.changes;
  };
  auto source = std::make_unique<camera::AravisSource>(id, std::move(options));
  const std::lock_guard lock(mutex_);
  status_.id = id;
  status_.opened = opening;
  status_.applied = source->applied();
  status_.state = source->state();
  status_.why = "camera " + id + " opened";
  ++status_.changes;
  return source;
}

void CameraSession::closed() {
  const std::lock_guard lock(mutex_);
  status_.id.clear();
  ++status_.opened;
}

void CameraSession::ask(const camera::CameraSettings& settings) {
  const std::lock_guard lock(mutex_);
  asked_ = settings;
}

camera::CameraSettings CameraSession::asked() const {
  const std::lock_guard lock(mutex_);
  return asked_;
}

CameraStatus CameraSession::status() const {
  const std::lock_guard lock(mutex_);
  return status_;
}

}  // namespace pt::gui
