#pragma once
// The open camera's settings as it reports them (exposure, gain, frame rate, region of
// interest; the pixel format read-only), new values applied by reopening it with them, and
// whether it streams or is lost: a lost camera shows here and as the window's error until it is
// back.
#include <QDockWidget>
#include <cstdint>
#include <functional>

#include "gui/camera_session.hpp"

class QDoubleSpinBox;
class QLabel;
class QSpinBox;

namespace pt::ui {
class MainWindow;
}

namespace pt::gui {

class CameraOpener;

class CameraDock : public QDockWidget {
  Q_OBJECT
 public:
  CameraDock(ui::MainWindow& window, CameraSession& session, CameraOpener& opener,
             std::function<void(const QString&)> log_info);

  // Reopens the camera with the values in the form, off the GUI thread; a refused value (named,
  // with the camera's range) shows here and the camera comes back with its previous settings.
  void apply();
  // Takes in what the session heard from the camera (polled, so the camera thread never waits).
  void refresh();
  [[nodiscard]] QString state_text() const;
  [[nodiscard]] QString message_text() const;

 private:
  void show_applied(const camera::AppliedCameraSettings& applied);
  [[nodiscard]] camera::CameraSettings asked() const;

  ui::MainWindow& window_;
  CameraSession& session_;
  CameraOpener& opener_;
  std::function<void(const QString&)> log_info_;
  QString loss_shown_;  // the window's error while the camera is lost
  QDoubleSpinBox* exposure_ = nullptr;
  QDoubleSpinBox* gain_ = nullptr;
  QDoubleSpinBox* fps_ = nullptr;
  QSpinBox* region_[4] = {};
  QLabel* format_ = nullptr;
  QLabel* state_ = nullptr;
  QLabel* message_ = nullptr;
  std::uint64_t seen_opened_ = 0;
  std::uint64_t seen_changes_ = 0;
};

}  // namespace pt::gui
