#pragma once
// Opens a camera off the GUI thread (over a network an open takes up to seconds) and hands it to
// the window to track; one open at a time.
#include <QFutureWatcher>
#include <QObject>
#include <QString>
#include <functional>
#include <memory>
#include <string>

#include "gui/camera_session.hpp"
#include "pt/ui/main_window.hpp"

namespace pt::gui {

// A camera as the window tracks it: both eyes side by side, frames a slow tracker misses dropped.
[[nodiscard]] ui::OpenedSource open_camera_source(CameraSession& session, const std::string& id);

class CameraOpener : public QObject {
  Q_OBJECT
 public:
  CameraOpener(ui::MainWindow& window, std::shared_ptr<CameraSession> session);

  // Closes the camera tracked now, if any (one camera cannot be opened twice), then opens `id`
  // with the session's settings. A failure shows in the window, and `failed` gets it too.
  void open(const QString& id, std::function<void(const QString&)> failed = {});
  [[nodiscard]] bool busy() const { return watcher_.isRunning(); }

 private:
  struct Opening {
    ui::OpenedSource opened;
    QString error;
  };
  void finish();

  ui::MainWindow& window_;
  std::shared_ptr<CameraSession> session_;
  QFutureWatcher<std::shared_ptr<Opening>> watcher_;
  QString id_;
  std::function<void(const QString&)> failed_;
};

}  // namespace pt::gui
