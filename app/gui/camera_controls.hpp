#pragma once
// Cameras in the window: Source → Camera… and the camera dock, both on one camera session.
#include <memory>

#include "gui/camera_session.hpp"
#include "pt/ui/main_window.hpp"

class QMenu;

namespace pt::gui {

void add_camera_controls(ui::MainWindow& window, QMenu& source_menu, const ui::MainWindowServices& services,
                         const std::shared_ptr<CameraSession>& session);

}  // namespace pt::gui
