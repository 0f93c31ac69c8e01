#pragma once
// The transport of a replay: play, pause, step, seek, speed. The window gives the commands; the
// tracking thread takes them between two frames, and waits here while paused, so neither ever
// waits on the other for longer than it takes to swap a few numbers.
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <optional>

namespace pt::ui {

class PlaybackControl {
 public:
  // `interrupt` is raised so that a run in progress ends at the next frame and sees the command.
  explicit PlaybackControl(std::atomic<bool>& interrupt) : interrupt_(interrupt) {}

  void play();
  void pause();
  [[nodiscard]] bool paused() const;
  // Pauses and shows the next frame (+1) or the one before the frame on show (-1).
  void step(int direction);
  // The next frame shown is the source's `position`-th; paused, that one frame is shown.
  void seek(std::int64_t position);
  // Paused, the frame on show is tracked again (e.g. with new parameters); playing, nothing.
  void show_again();
  void shut_down();  // ends any wait, for good

  // What the tracking thread does next, at `position` (the next frame the source reads).
  struct Command {
    std::optional<std::int64_t> seek_to;
    bool one_frame = false;  // read a single frame, then ask again
  };
  // Waits while paused with nothing to show; nothing once shut down. Lowers the interrupt: the
  // commands that raised it are in the answer.
  [[nodiscard]] std::optional<Command> next(std::int64_t position);
  // The source ended: wait for a seek (a replay can go back) rather than read on.
  void pause_at_end();

 private:
  void command_given(std::unique_lock<std::mutex>& lock);

  std::atomic<bool>& interrupt_;
  mutable std::mutex mutex_;
  std::condition_variable changed_;
  bool paused_ = false;
  bool shut_down_ = false;
  int step_ = 0;  // frames to step, forward or back, not yet taken
  bool again_ = false;
  std::optional<std::int64_t> seek_to_;
};

}  // namespace pt::ui
