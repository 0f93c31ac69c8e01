#include "gui/camera_controls.hpp"

#include <QAction>
#include <QMenu>

#include "gui/camera_dialog.hpp"
#include "gui/camera_dock.hpp"
#include "gui/camera_opener.hpp"

namespace pt::gui {

void add_camera_controls(ui::MainWindow& window, QMenu& source_menu, const ui::MainWindowServices& services,
                         const std::shared_ptr<CameraSession>& session) {
  auto* opener = new CameraOpener(window, session);
  auto* dock = new CameraDock(window, *session, *opener, services.log_info);
  window.addDockWidget(Qt::LeftDockWidgetArea, dock);
  dock->hide();  // until a camera opens
  source_menu.addAction(QObject::tr("&Camera…"), QKeySequence(Qt::CTRL | Qt::Key_K), &window, [&window, opener] {
    CameraDialog dialog(&window);
    if (dialog.exec() == QDialog::Accepted) opener->open(dialog.camera_id());
  });
}

}  // namespace pt::gui
