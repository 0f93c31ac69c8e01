#pragma once
// "Export trace as CSV…": the window's current file tracked whole with the current detector
// parameters by a TraceExportJob, with a progress bar and a Cancel button in the status bar
// (not modal: the window goes on tracking). One export at a time.
#include <QObject>
#include <functional>
#include <memory>
#include <optional>

#include "pt/ui/trace_export_job.hpp"

class QAction;
class QMenu;
class QProgressBar;
class QStatusBar;
class QTimer;
class QToolButton;
class QWidget;

namespace pt::ui {

class TraceExportControl : public QObject {
  Q_OBJECT
 public:
  struct Hooks {
    // The export of the current source, all but the file name; nothing when the source is not
    // a file (a camera has no end to export to).
    std::function<std::optional<TraceExportRequest>()> request;
    std::function<void(const QString&)> message;  // progress and success, e.g. to the status bar
    std::function<void(const QString&)> error;    // a failed export
  };
  TraceExportControl(QStatusBar& status_bar, Hooks hooks, QWidget* dialog_parent);
  ~TraceExportControl() override;

  void add_action_to(QMenu& menu) const;
  // Starts the export into `csv`; false (with the error shown) when the source is no file.
  bool export_to(const QString& csv);
  [[nodiscard]] bool running() const noexcept { return job_ != nullptr; }
  void cancel();

 private:
  void choose_file();
  void poll();

  Hooks hooks_;
  QWidget* dialog_parent_;
  QAction* action_ = nullptr;
  QProgressBar* progress_ = nullptr;
  QToolButton* cancel_ = nullptr;
  QTimer* timer_ = nullptr;
  std::unique_ptr<TraceExportJob> job_;
};

}  // namespace pt::ui
