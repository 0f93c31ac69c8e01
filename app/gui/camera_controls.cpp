#include "gui/camera_controls.hpp"

#include <QAction>
#include <QMenu>

#include "gui/camera_dialog.hpp"
#include "gui/camera_dock.hpp"

namespace pt::gui {

void add_camera_controls(ui::MainWindow& window, QMenu& source_menu, const ui::MainWindowServices& services,
                         const std::shared_ptr<CameraSession>& session) {
  auto* dock = new CameraDock(window, *session, services.log_error, services.log_info);
  window.addDockWidget(Qt::LeftDockWidgetArea, dock);
  dock->hide();  // until a camera opens
  source_menu.addAction(QObject::tr("&Camera…"), QKeySequence(Qt::CTRL | Qt::Key_K), &window, [&window, session] {
    CameraDialog dialog(&window);
    if (dialog.exec() != QDialog::Accepted) return;
    if (!session->status().id.empty()) window.close_source();  // one camera cannot be opened twice
    window.open_source(QStringLiteral("camera:") + dialog.camera_id());
  });
}

}  // namespace pt::gui
