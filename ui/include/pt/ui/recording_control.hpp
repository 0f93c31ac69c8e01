#pragma once
// Recording the live source from the window (Ctrl+R starts and stops): the frames go to a
// SessionRecordingSink on the tracking thread; the status bar shows the time recorded and the
// size on disk; a write that fails stops the recording with a visible error and keeps what was
// written. Closing the files happens off the GUI thread.
#include <QObject>
#include <QString>
#include <atomic>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <thread>

#include "pt/ui/session_recording_sink.hpp"

class QAction;
class QElapsedTimer;
class QLabel;
class QMenu;
class QStatusBar;
class QTimer;
class QWidget;

namespace pt::ui {

class TrackingWorker;

class RecordingControl : public QObject {
  Q_OBJECT
 public:
  struct Hooks {
    std::function<TrackingWorker*()> worker;  // the window's current one, or none
    // Starts a recording of `worker`'s source into `video`; throws with a one-line message.
    std::function<std::unique_ptr<SessionRecordingSink>(const std::filesystem::path& video, TrackingWorker& worker)> start;
    std::function<void(const QString&)> message;
    std::function<void(const QString&)> error;
  };
  RecordingControl(QStatusBar& status_bar, Hooks hooks, QWidget* dialog_parent);
  ~RecordingControl() override;  // a recording still going is finished first

  void add_action_to(QMenu& menu) const;
  [[nodiscard]] QAction& action() const noexcept { return *action_; }

  bool start_to(const QString& video);  // false, with the error shown, when it cannot start
  void stop();
  [[nodiscard]] bool recording() const noexcept { return sink_ != nullptr; }
  [[nodiscard]] bool closing() const noexcept { return closer_.joinable(); }  // files still being closed
  [[nodiscard]] QString status_text() const;

 private:
  void toggle();
  void poll();
  void closed();  // the closing thread is done

  Hooks hooks_;
  QWidget* dialog_parent_;
  QAction* action_ = nullptr;
  QLabel* status_ = nullptr;
  QTimer* timer_ = nullptr;
  std::unique_ptr<QElapsedTimer> elapsed_;
  TrackingWorker* recorded_worker_ = nullptr;
  std::shared_ptr<SessionRecordingSink> sink_;
  std::thread closer_;
  std::atomic<bool> closer_done_{false};
  std::string close_error_;  // written by the closing thread before closer_done_
  std::string closing_summary_;
};

}  // namespace pt::ui
