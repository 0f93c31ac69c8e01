#include "pt/ui/trace_export_control.hpp"

#include <QAction>
#include <QFileDialog>
#include <QMenu>
#include <QProgressBar>
#include <QStatusBar>
#include <QTimer>
#include <QToolButton>
#include <algorithm>

namespace pt::ui {
namespace {

constexpr int kPollMs = 200;

}  // namespace

TraceExportControl::TraceExportControl(QStatusBar& status_bar, Hooks hooks, QWidget* dialog_parent)
    : QObject(dialog_parent), hooks_(std::move(hooks)), dialog_parent_(dialog_parent) {
  action_ = new QAction(tr("&Export trace as CSV…"), this);
  action_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
  action_->setToolTip(tr("Track the whole video or recording with the current parameters into a CSV file"));
  connect(action_, &QAction::triggered, this, &TraceExportControl::choose_file);

  progress_ = new QProgressBar;
  progress_->setMaximumWidth(220);
  progress_->setFormat(tr("export %p%"));
  cancel_ = new QToolButton;
  cancel_->setText(tr("Cancel export"));
  connect(cancel_, &QToolButton::clicked, this, &TraceExportControl::cancel);
  status_bar.addPermanentWidget(progress_);
  status_bar.addPermanentWidget(cancel_);
  progress_->hide();
  cancel_->hide();

  timer_ = new QTimer(this);
  connect(timer_, &QTimer::timeout, this, &TraceExportControl::poll);
}

TraceExportControl::~TraceExportControl() = default;  // the job's destructor cancels and waits

void TraceExportControl::add_action_to(QMenu& menu) const { menu.addAction(action_); }

void TraceExportControl::choose_file() {
  const QString path = QFileDialog::getSaveFileName(dialog_parent_, tr("Export the pupil trace"), QStringLiteral("trace.csv"),
                                                    tr("CSV files (*.csv)"));
  if (!path.isEmpty()) export_to(path);
}

bool TraceExportControl::export_to(const QString& csv) {
  if (job_) return false;
  std::optional<TraceExportRequest> request = hooks_.request();
  if (!request) {
    hooks_.error(tr("export needs a video, a recording or an image folder as the source"));
    return false;
  }
  request->csv = csv.toStdString();
  job_ = std::make_unique<TraceExportJob>(std::move(*request));
  action_->setEnabled(false);
  progress_->setRange(0, 0);  // busy until the length is known
  progress_->show();
  cancel_->show();
  timer_->start(kPollMs);
  hooks_.message(tr("exporting the trace to %1…").arg(csv));
  return true;
}

void TraceExportControl::cancel() {
  if (job_) job_->cancel();
}

void TraceExportControl::poll() {
  if (!job_) return;
  const TraceExportState s = job_->state();
  if (s.total && *s.total > 0) {
    progress_->setRange(0, static_cast<int>(*s.total));
    progress_->setValue(static_cast<int>(std::min<std::int64_t>(static_cast<std::int64_t>(s.frames), *s.total)));
  }
  if (!s.done) return;
  const QString csv = QString::fromStdString(job_->csv().string());
  job_.reset();
  timer_->stop();
  progress_->hide();
  cancel_->hide();
  action_->setEnabled(true);
  if (s.cancelled) {
    hooks_.message(tr("export cancelled; %1 not written").arg(csv));
  } else if (!s.error.empty()) {
    hooks_.error(tr("export to %1 failed: %2").arg(csv, QString::fromStdString(s.error)));
  } else {
    hooks_.message(tr("trace exported to %1 (%2 frames, %3 rows)").arg(csv).arg(s.frames).arg(s.rows));
  }
}

}  // namespace pt::ui
