#include "pt/ui/recording_control.hpp"

#include <QAction>
#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QFileDialog>
#include <QLabel>
#include <QMenu>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTimer>
#include <system_error>

#include "pt/ui/tracking_worker.hpp"

namespace pt::ui {
namespace {

constexpr int kPollMs = 500;
const QString kFolderKey = QStringLiteral("recording/folder");

std::uintmax_t bytes_on_disk(const std::vector<std::filesystem::path>& files) {
  std::uintmax_t total = 0;
  for (const std::filesystem::path& f : files) {
    std::error_code ec;  // a file not written yet counts nothing
    const std::uintmax_t size = std::filesystem::file_size(f, ec);
    if (!ec) total += size;
  }
  return total;
}

}  // namespace

RecordingControl::RecordingControl(QStatusBar& status_bar, Hooks hooks, QWidget* dialog_parent)
    : QObject(dialog_parent), hooks_(std::move(hooks)), dialog_parent_(dialog_parent),
      elapsed_(std::make_unique<QElapsedTimer>()) {
  action_ = new QAction(tr("Start &recording…"), this);
  action_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
  action_->setToolTip(tr("Record the live source's raw frames losslessly, with the pupil trace and the settings (Ctrl+R)"));
  connect(action_, &QAction::triggered, this, &RecordingControl::toggle);
  status_ = new QLabel;
  status_->setStyleSheet(QStringLiteral("color: #ff6060"));
  status_bar.addPermanentWidget(status_);
  status_->hide();
  timer_ = new QTimer(this);
  connect(timer_, &QTimer::timeout, this, &RecordingControl::poll);
}

RecordingControl::~RecordingControl() {
  stop();
  if (closer_.joinable()) closer_.join();
}

void RecordingControl::add_action_to(QMenu& menu) const { menu.addAction(action_); }

QString RecordingControl::status_text() const { return status_->text(); }

void RecordingControl::toggle() {
  if (recording()) {
    stop();
    return;
  }
  if (closing()) {
    hooks_.message(tr("the previous recording is still being closed"));
    return;
  }
  QSettings settings;
  const QString folder = settings.value(kFolderKey, QStandardPaths::writableLocation(QStandardPaths::MoviesLocation)).toString();
  const QString name = QStringLiteral("pupiltrack-%1.mkv").arg(QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss")));
  const QString path = QFileDialog::getSaveFileName(dialog_parent_, tr("Record to"), QDir(folder).filePath(name),
                                                    tr("Matroska video (*.mkv)"));
  if (path.isEmpty()) return;
  settings.setValue(kFolderKey, QFileInfo(path).absolutePath());
  start_to(path);
}

bool RecordingControl::start_to(const QString& video) {
  if (recording() || closing()) return false;
  TrackingWorker* const worker = hooks_.worker();
  if (worker == nullptr || !worker->live()) {
    hooks_.error(tr("recording needs a live source (a camera or the synthetic camera); a file is recorded already"));
    return false;
  }
  try {
    sink_ = hooks_.start(video.toStdString(), *worker);
  } catch (const std::exception& e) {
    hooks_.error(tr("cannot record to %1: %2").arg(video, QString::fromStdString(e.what())));
    return false;
  }
  worker->set_recording(sink_);
  elapsed_->start();
  action_->setText(tr("Stop &recording"));
  status_->show();
  timer_->start(kPollMs);
  poll();
  hooks_.message(tr("recording to %1").arg(video));
  return true;
}

void RecordingControl::stop() {
  if (!sink_) return;
  // While the tracking worker holds the sink it is still the window's; otherwise it is gone.
  if (sink_.use_count() > 1) {
    if (TrackingWorker* const worker = hooks_.worker()) worker->set_recording(nullptr);
  }
  std::shared_ptr<SessionRecordingSink> sink = std::move(sink_);
  closer_done_.store(false);
  close_error_.clear();
  closer_ = std::thread([this, sink] {
    try {
      sink->finish();
      closing_summary_ = std::to_string(sink->frames_recorded()) + " frames, " +
                         std::to_string(sink->frames_left_out()) + " left out because the disk was behind";
    } catch (const std::exception& e) {
      close_error_ = e.what();
    }
    closer_done_.store(true);
  });
  action_->setText(tr("Start &recording…"));
  status_->setText(tr("closing the recording…"));
}

void RecordingControl::poll() {
  if (closer_.joinable() && closer_done_.load()) closed();
  if (!sink_) return;
  if (sink_.use_count() < 2) {  // the source it recorded was closed
    stop();
    return;
  }
  const std::string failure = sink_->failure();
  if (!failure.empty()) {
    hooks_.error(tr("recording stopped: %1 (what was written is kept)").arg(QString::fromStdString(failure)));
    stop();
    return;
  }
  const qint64 s = elapsed_->elapsed() / 1000;
  status_->setText(tr("● REC %1:%2 · %3 MB · %4 frames")
                       .arg(s / 60)
                       .arg(s % 60, 2, 10, QLatin1Char('0'))
                       .arg(static_cast<double>(bytes_on_disk(sink_->files())) / 1e6, 0, 'f', 1)
                       .arg(sink_->frames_recorded()));
}

void RecordingControl::closed() {
  closer_.join();
  if (!sink_) {
    timer_->stop();
    status_->hide();
  }
  if (close_error_.empty()) {
    hooks_.message(tr("recording closed: %1").arg(QString::fromStdString(closing_summary_)));
  } else {
    hooks_.error(tr("closing the recording failed: %1 (what was written is kept)").arg(QString::fromStdString(close_error_)));
  }
}

}  // namespace pt::ui
