#pragma once
// The replay transport under the video: go to start, step back, play/pause, step forward, a
// seek slider with the frame and time on show, and the speed. Its actions carry the shortcuts
// (Space, Left, Right, Home) and go into the Playback menu. Hidden for live sources, which
// cannot pause or seek.
#include <QWidget>
#include <functional>

class QAction;
class QComboBox;
class QLabel;
class QMenu;
class QSlider;
class QTimer;

namespace pt::ui {

class TrackingWorker;

class TransportBar : public QWidget {
  Q_OBJECT
 public:
  // `worker` gives the window's current tracking worker (or none); the bar follows it.
  explicit TransportBar(std::function<TrackingWorker*()> worker, QWidget* parent = nullptr);

  void add_actions_to(QMenu& menu) const;
  // Follows the worker's position; a timer calls it, tests may too.
  void refresh();

  [[nodiscard]] QAction& play_pause() const noexcept { return *play_pause_; }
  [[nodiscard]] QAction& step_forward() const noexcept { return *step_forward_; }
  [[nodiscard]] QAction& step_back() const noexcept { return *step_back_; }
  [[nodiscard]] QAction& to_start() const noexcept { return *to_start_; }
  [[nodiscard]] QSlider& slider() const noexcept { return *slider_; }
  [[nodiscard]] QComboBox& speed() const noexcept { return *speed_; }
  [[nodiscard]] QString position_text() const;

 private:
  void follow(TrackingWorker* worker);  // a new source: its length, seekability, the speed chosen
  void show_play_state(bool paused);
  void apply_speed();
  void seek_to_slider();

  std::function<TrackingWorker*()> worker_of_window_;
  TrackingWorker* followed_ = nullptr;
  QAction* play_pause_ = nullptr;
  QAction* step_forward_ = nullptr;
  QAction* step_back_ = nullptr;
  QAction* to_start_ = nullptr;
  QSlider* slider_ = nullptr;
  QLabel* position_ = nullptr;
  QComboBox* speed_ = nullptr;
  QTimer* timer_ = nullptr;
};

}  // namespace pt::ui
