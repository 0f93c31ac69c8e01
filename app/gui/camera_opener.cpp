#include "gui/camera_opener.hpp"

#include <QStatusBar>
#include <QtConcurrent/QtConcurrentRun>
#include <exception>
#include <optional>
#include <utility>

#include "cli/eye_regions.hpp"

namespace pt::gui {

ui::OpenedSource open_camera_source(CameraSession& session, const std::string& id) {
  ui::OpenedSource opened;
  opened.source = session.open(id);
  opened.regions = cli::eye_regions(opened.source->width(), opened.source->height(), 2, std::nullopt, std::nullopt);
  opened.live = true;
  return opened;
}

CameraOpener::CameraOpener(ui::MainWindow& window, std::shared_ptr<CameraSession> session)
    : QObject(&window), window_(window), session_(std::move(session)) {
  connect(&watcher_, &QFutureWatcherBase::finished, this, &CameraOpener::finish);
}

void CameraOpener::open(const QString& id, std::function<void(const QString&)> failed) {
  if (busy()) return;
  if (!session_->status().id.empty()) window_.close_source();
  id_ = id;
  failed_ = std::move(failed);
  window_.statusBar()->showMessage(tr("opening camera %1…").arg(id));
  watcher_.setFuture(QtConcurrent::run([session = session_, id = id.toStdString()] {
    auto result = std::make_shared<Opening>();
    try {
      result->opened = open_camera_source(*session, id);
    } catch (const std::exception& e) {
      result->error = QString::fromStdString(e.what());
    }
    return result;
  }));
}

void CameraOpener::finish() {
  const std::shared_ptr<Opening> result = watcher_.result();
  // Taken out first: `failed` may well open again, which replaces failed_.
  const std::function<void(const QString&)> failed = std::exchange(failed_, {});
  const QString input = QStringLiteral("camera:") + id_;
  QString error = result->error;
  if (error.isEmpty()) {
    try {
      window_.track(input, std::move(result->opened));
      window_.statusBar()->clearMessage();
      return;
    } catch (const std::exception& e) {
      error = QString::fromStdString(e.what());
    }
  }
  const QString message = tr("cannot open %1: %2").arg(input, error);
  window_.show_error(message);
  if (failed) failed(message);
}

}  // namespace pt::gui
