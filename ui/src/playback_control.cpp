#include "pt/ui/playback_control.hpp"

#include <algorithm>

namespace pt::ui {

void PlaybackControl::command_given(std::unique_lock<std::mutex>& lock) {
  // Raised under the lock: next() lowers it as it takes the command, and must not miss a later one.
  interrupt_.store(true);
  lock.unlock();
  changed_.notify_all();
}

void PlaybackControl::play() {
  std::unique_lock lock(mutex_);
  paused_ = false;
  command_given(lock);
}

void PlaybackControl::pause() {
  std::unique_lock lock(mutex_);
  paused_ = true;
  command_given(lock);
}

bool PlaybackControl::paused() const {
  const std::lock_guard lock(mutex_);
  return paused_;
}

void PlaybackControl::step(int direction) {
  std::unique_lock lock(mutex_);
  paused_ = true;
  // Steps given faster than frames are shown add up, also to a seek not yet taken.
  const int frames = direction < 0 ? -1 : 1;
  if (seek_to_) {
    seek_to_ = std::max<std::int64_t>(*seek_to_ + frames, 0);
  } else {
    step_ += frames;
  }
  command_given(lock);
}

void PlaybackControl::seek(std::int64_t position) {
  std::unique_lock lock(mutex_);
  seek_to_ = std::max<std::int64_t>(position, 0);
  step_ = 0;
  command_given(lock);
}

void PlaybackControl::show_again() {
  std::unique_lock lock(mutex_);
  if (!paused_) return;
  again_ = true;
  command_given(lock);
}

void PlaybackControl::shut_down() {
  std::unique_lock lock(mutex_);
  shut_down_ = true;
  command_given(lock);
}

void PlaybackControl::pause_at_end() {
  const std::lock_guard lock(mutex_);
  paused_ = true;
}

std::optional<PlaybackControl::Command> PlaybackControl::next(std::int64_t position) {
  std::unique_lock lock(mutex_);
  changed_.wait(lock, [this] { return shut_down_ || !paused_ || step_ != 0 || again_ || seek_to_; });
  if (shut_down_) return std::nullopt;
  Command command;
  command.seek_to = seek_to_;
  // The frame on show is the one before `position`; one step forward is simply the next read.
  if (step_ != 0 && step_ != 1) command.seek_to = std::max<std::int64_t>(position - 1 + step_, 0);
  if (again_ && !command.seek_to && step_ == 0) command.seek_to = std::max<std::int64_t>(position - 1, 0);
  command.one_frame = paused_;
  seek_to_.reset();
  step_ = 0;
  again_ = false;
  interrupt_.store(false);
  return command;
}

}  // namespace pt::ui
