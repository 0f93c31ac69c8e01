#include "pt/ui/transport_bar.hpp"

#include <QAction>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QSignalBlocker>
#include <QSlider>
#include <QStyle>
#include <QTimer>
#include <QToolButton>
#include <algorithm>

#include "pt/ui/tracking_worker.hpp"

namespace pt::ui {
namespace {

constexpr int kRefreshMs = 100;

QAction* transport_action(QWidget* owner, QStyle::StandardPixmap icon, const QString& text, const QKeySequence& key) {
  auto* a = new QAction(owner->style()->standardIcon(icon), text, owner);
  a->setShortcut(key);
  // Window-wide, so that the keys work wherever the focus is, unless a field needs them itself.
  a->setShortcutContext(Qt::WindowShortcut);
  a->setToolTip(QStringLiteral("%1 (%2)").arg(text, key.toString(QKeySequence::NativeText)));
  owner->addAction(a);
  return a;
}

QToolButton* button_for(QAction* action) {
  auto* b = new QToolButton;
  b->setDefaultAction(action);
  b->setAutoRaise(true);
  return b;
}

}  // namespace

TransportBar::TransportBar(std::function<TrackingWorker*()> worker, QWidget* parent)
    : QWidget(parent), worker_of_window_(std::move(worker)) {
  to_start_ = transport_action(this, QStyle::SP_MediaSkipBackward, tr("Go to start"), QKeySequence(Qt::Key_Home));
  step_back_ = transport_action(this, QStyle::SP_MediaSeekBackward, tr("Step back one frame"), QKeySequence(Qt::Key_Left));
  play_pause_ = transport_action(this, QStyle::SP_MediaPause, tr("Pause"), QKeySequence(Qt::Key_Space));
  step_forward_ =
      transport_action(this, QStyle::SP_MediaSeekForward, tr("Step forward one frame"), QKeySequence(Qt::Key_Right));

  slider_ = new QSlider(Qt::Horizontal);
  slider_->setToolTip(tr("Frame on show; drag to seek"));
  slider_->setMinimumWidth(120);
  position_ = new QLabel;
  position_->setToolTip(tr("Frame on show / frames in the file · its time"));
  position_->setMinimumWidth(position_->fontMetrics().horizontalAdvance(QStringLiteral("00000 / 00000 · 0000.00 s")));
  speed_ = new QComboBox;
  speed_->setToolTip(tr("Replay speed, a multiple of the recorded frame rate"));
  for (const double s : {0.25, 0.5, 1.0, 2.0, 4.0, 8.0}) speed_->addItem(QStringLiteral("%1×").arg(s), s);
  speed_->addItem(tr("max"), 0.0);
  speed_->setItemData(speed_->count() - 1, tr("As fast as possible"), Qt::ToolTipRole);
  speed_->setCurrentIndex(2);

  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(4, 0, 4, 0);
  for (QAction* a : {to_start_, step_back_, play_pause_, step_forward_}) layout->addWidget(button_for(a));
  layout->addWidget(slider_, 1);
  layout->addWidget(position_);
  layout->addWidget(speed_);

  connect(play_pause_, &QAction::triggered, this, [this] {
    if (followed_ == nullptr) return;
    PlaybackControl& p = followed_->playback();
    p.paused() ? p.play() : p.pause();
    show_play_state(p.paused());
  });
  connect(step_forward_, &QAction::triggered, this, [this] {
    if (followed_ != nullptr) followed_->playback().step(+1);
    show_play_state(true);
  });
  connect(step_back_, &QAction::triggered, this, [this] {
    if (followed_ != nullptr) followed_->playback().step(-1);
    show_play_state(true);
  });
  connect(to_start_, &QAction::triggered, this, [this] {
    if (followed_ != nullptr) followed_->playback().seek(0);
  });
  // refresh() moves the slider with its signals blocked, so a change seen here is the user's.
  connect(slider_, &QSlider::valueChanged, this, &TransportBar::seek_to_slider);
  connect(speed_, &QComboBox::currentIndexChanged, this, &TransportBar::apply_speed);

  timer_ = new QTimer(this);
  connect(timer_, &QTimer::timeout, this, &TransportBar::refresh);
  timer_->start(kRefreshMs);
  follow(nullptr);
}

void TransportBar::add_actions_to(QMenu& menu) const {
  menu.addAction(play_pause_);
  menu.addAction(step_forward_);
  menu.addAction(step_back_);
  menu.addAction(to_start_);
}

QString TransportBar::position_text() const { return position_->text(); }

void TransportBar::follow(TrackingWorker* worker) {
  followed_ = worker;
  const bool replay = worker != nullptr && !worker->live();
  const bool seekable = replay && worker->can_seek();
  setVisible(replay);
  for (QAction* a : {play_pause_, step_forward_}) a->setEnabled(replay);
  for (QAction* a : {step_back_, to_start_}) a->setEnabled(seekable);
  const std::int64_t count = replay ? worker->frame_count().value_or(0) : 0;
  slider_->setEnabled(seekable && count > 0);
  {
    const QSignalBlocker quiet(slider_);
    slider_->setRange(0, static_cast<int>(std::max<std::int64_t>(count - 1, 0)));
    slider_->setValue(0);
  }
  position_->clear();
  show_play_state(false);
  if (replay) apply_speed();
}

void TransportBar::refresh() {
  TrackingWorker* const worker = worker_of_window_();
  if (worker != followed_) follow(worker);
  if (followed_ == nullptr || followed_->live()) return;
  show_play_state(followed_->playback().paused());
  const std::int64_t on_show = std::max<std::int64_t>(followed_->position() - 1, 0);
  if (!slider_->isSliderDown()) {
    const QSignalBlocker quiet(slider_);
    slider_->setValue(static_cast<int>(on_show));
  }
  const double fps = followed_->nominal_fps();
  QString text = QString::number(on_show);
  if (const auto count = followed_->frame_count()) text += QStringLiteral(" / %1").arg(*count);
  if (fps > 0.0) text += tr(" · %1 s").arg(static_cast<double>(on_show) / fps, 0, 'f', 2);
  position_->setText(text);
}

void TransportBar::show_play_state(bool paused) {
  play_pause_->setText(paused ? tr("Play") : tr("Pause"));
  play_pause_->setIcon(style()->standardIcon(paused ? QStyle::SP_MediaPlay : QStyle::SP_MediaPause));
  play_pause_->setToolTip(QStringLiteral("%1 (%2)").arg(play_pause_->text(),
                                                       play_pause_->shortcut().toString(QKeySequence::NativeText)));
}

void TransportBar::apply_speed() {
  if (followed_ != nullptr) followed_->set_speed(speed_->currentData().toDouble());
}

void TransportBar::seek_to_slider() {
  if (followed_ != nullptr) followed_->playback().seek(slider_->value());
}

}  // namespace pt::ui
