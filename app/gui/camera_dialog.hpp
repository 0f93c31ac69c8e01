#pragma once
// Source → Camera…: the cameras Aravis finds (only when the user asks, for the search broadcasts
// on every network), a camera opened by its address, or the in-process fake camera.
#include <QDialog>
#include <QFutureWatcher>
#include <vector>

#include "pt/camera/camera_list.hpp"

class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;

namespace pt::gui {

class CameraDialog : public QDialog {
  Q_OBJECT
 public:
  explicit CameraDialog(QWidget* parent = nullptr);
  // What camera:<id> takes: the chosen camera's id, an address, or Fake_1.
  [[nodiscard]] QString camera_id() const;
  [[nodiscard]] QLineEdit& id_field() const noexcept { return *id_; }

 private:
  void search();
  void show_found();

  QListWidget* list_ = nullptr;
  QLineEdit* id_ = nullptr;
  QPushButton* search_ = nullptr;
  QLabel* note_ = nullptr;
  QFutureWatcher<std::vector<camera::CameraListing>> found_;
};

}  // namespace pt::gui
