#include "gui/camera_dock.hpp"

#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QStatusBar>
#include <QTimer>
#include <utility>

#include "gui/camera_opener.hpp"
#include "pt/ui/main_window.hpp"

namespace pt::gui {
namespace {

constexpr int kRefreshMs = 250;

QDoubleSpinBox* number_field(double min, double max, int decimals, const QString& suffix, const QString& tip) {
  auto* box = new QDoubleSpinBox;
  box->setRange(min, max);
  box->setDecimals(decimals);
  box->setSuffix(suffix);
  box->setToolTip(tip);
  return box;
}

void show_optional(QDoubleSpinBox* box, const std::optional<double>& value) {
  box->setEnabled(value.has_value());  // a feature the camera lacks
  if (value) box->setValue(*value);
}

}  // namespace

CameraDock::CameraDock(ui::MainWindow& window, CameraSession& session, CameraOpener& opener,
                       std::function<void(const QString&)> log_info)
    : QDockWidget(tr("Camera"), &window),
      window_(window),
      session_(session),
      opener_(opener),
      log_info_(std::move(log_info)) {
  setObjectName(QStringLiteral("camera"));
  auto* body = new QWidget;
  auto* form = new QFormLayout(body);
  state_ = new QLabel;
  form->addRow(tr("State"), state_);
  exposure_ = number_field(1.0, 1e7, 0, tr(" µs"), tr("Exposure time; setting it switches automatic exposure off"));
  gain_ = number_field(0.0, 100.0, 1, tr(" dB"), tr("Gain in the camera's unit; setting it switches automatic gain off"));
  fps_ = number_field(0.1, 10000.0, 1, tr(" fps"), tr("Frame rate"));
  exposure_->setObjectName(QStringLiteral("exposure"));
  gain_->setObjectName(QStringLiteral("gain"));
  fps_->setObjectName(QStringLiteral("fps"));
  form->addRow(tr("Exposure"), exposure_);
  form->addRow(tr("Gain"), gain_);
  form->addRow(tr("Frame rate"), fps_);
  auto* region = new QWidget;
  auto* region_row = new QHBoxLayout(region);
  region_row->setContentsMargins(0, 0, 0, 0);
  const char* names[] = {"x", "y", "width", "height"};
  for (int i = 0; i < 4; ++i) {
    region_[i] = new QSpinBox;
    region_[i]->setObjectName(QStringLiteral("region_") + QLatin1String(names[i]));
    region_[i]->setRange(i < 2 ? 0 : 1, 65535);
    region_[i]->setToolTip(tr("Region of interest in sensor pixels: %1").arg(QLatin1String(names[i])));
    region_row->addWidget(region_[i]);
  }
  form->addRow(tr("Region"), region);
  format_ = new QLabel;
  form->addRow(tr("Pixel format"), format_);
  auto* apply_button = new QPushButton(tr("Apply"));
  apply_button->setToolTip(tr("Reopens the camera with these settings and reads back what it took"));
  form->addRow(apply_button);
  message_ = new QLabel;
  message_->setWordWrap(true);
  message_->setStyleSheet(QStringLiteral("color: #ff6060"));
  form->addRow(message_);
  setWidget(body);
  connect(apply_button, &QPushButton::clicked, this, &CameraDock::apply);

  auto* timer = new QTimer(this);
  connect(timer, &QTimer::timeout, this, &CameraDock::refresh);
  timer->start(kRefreshMs);
}

QString CameraDock::state_text() const { return state_->text(); }

QString CameraDock::message_text() const { return message_->text(); }

camera::CameraSettings CameraDock::asked() const {
  camera::CameraSettings s = session_.asked();
  if (exposure_->isEnabled()) s.exposure_us = exposure_->value();
  if (gain_->isEnabled()) s.gain = gain_->value();
  if (fps_->isEnabled()) s.fps = fps_->value();
  s.region = RectI{region_[0]->value(), region_[1]->value(), region_[2]->value(), region_[3]->value()};
  return s;
}

void CameraDock::apply() {
  const CameraStatus status = session_.status();
  if (status.id.empty() || opener_.busy()) return;
  const QString id = QString::fromStdString(status.id);
  const camera::CameraSettings before = session_.asked();
  session_.ask(asked());
  message_->clear();
  opener_.open(id, [this, id, before](const QString& refusal) {
    message_->setText(refusal);
    session_.ask(before);
    opener_.open(id);
  });
}

void CameraDock::show_applied(const camera::AppliedCameraSettings& applied) {
  show_optional(exposure_, applied.exposure_us);
  show_optional(gain_, applied.gain);
  show_optional(fps_, applied.fps);
  const int values[] = {applied.region.x, applied.region.y, applied.region.w, applied.region.h};
  for (int i = 0; i < 4; ++i) region_[i]->setValue(values[i]);
  format_->setText(QString::fromStdString(applied.pixel_format));
}

void CameraDock::refresh() {
  const CameraStatus status = session_.status();
  if (status.opened != seen_opened_) {
    seen_opened_ = status.opened;
    if (status.id.empty()) {
      hide();
      return;
    }
    show_applied(status.applied);
    setWindowTitle(tr("Camera %1").arg(QString::fromStdString(status.id)));
    show();
  }
  if (status.changes == seen_changes_ || status.id.empty()) return;
  seen_changes_ = status.changes;
  const QString why = QString::fromStdString(status.why);
  if (status.state == camera::CameraState::Lost) {
    state_->setText(tr("lost — reconnecting…"));
    state_->setStyleSheet(QStringLiteral("color: #ff6060; font-weight: bold"));
    loss_shown_ = tr("camera lost, reconnecting: %1").arg(why);
    window_.show_error(loss_shown_);  // logged there too
  } else {
    state_->setText(tr("streaming"));
    state_->setStyleSheet(QStringLiteral("color: #40c060"));
    if (!loss_shown_.isEmpty() && window_.error_text() == loss_shown_) window_.clear_error();
    loss_shown_.clear();
    window_.statusBar()->showMessage(why, 5000);
    if (log_info_) log_info_(why);
  }
  state_->setToolTip(why);
}

}  // namespace pt::gui
