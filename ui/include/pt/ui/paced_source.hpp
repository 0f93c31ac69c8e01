#pragma once
// Plays a source at its nominal frame rate, as a camera delivers frames, instead of as fast as
// it can be read. For a live source (the synthetic camera) a reader that falls more than a
// camera's buffer behind loses frames, as a real camera would; those are counted as dropped.
// A replay can run faster or slower than nominal, or unpaced, and can seek.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>

#include "pt/frame_source.hpp"

namespace pt::ui {

class PacedSource final : public FrameSource {
 public:
  PacedSource(std::unique_ptr<FrameSource> inner, bool live);

  std::string describe() const override { return inner_->describe(); }
  int width() const override { return inner_->width(); }
  int height() const override { return inner_->height(); }
  double nominal_fps() const override { return inner_->nominal_fps(); }
  std::optional<std::int64_t> frame_count() const override { return inner_->frame_count(); }
  ReadStatus read(Frame& into) override;
  std::string error() const override { return inner_->error(); }
  std::vector<std::string> notices() const override { return inner_->notices(); }
  bool can_seek() const override { return inner_->can_seek(); }
  bool seek(std::int64_t position) override;

  // The source as opened, for what only it can say (e.g. a camera's settings).
  [[nodiscard]] const FrameSource& inner() const noexcept { return *inner_; }

  // Multiple of the nominal rate; 0 reads as fast as the reader asks. Any thread.
  void set_speed(double factor) noexcept { speed_.store(factor, std::memory_order_relaxed); }
  [[nodiscard]] double speed() const noexcept { return speed_.load(std::memory_order_relaxed); }
  // The next read raises `flag` once its frame is in: a run that stops on `flag` reads one frame.
  // nullptr takes back a request no read has served.
  void stop_after_next_read(std::atomic<bool>* flag) noexcept { stop_after_read_ = flag; }

  // Position of the next frame read (from 0, counting the frames of the source); any thread.
  [[nodiscard]] std::int64_t position() const noexcept { return position_.load(std::memory_order_relaxed); }
  [[nodiscard]] bool at_end() const { return frame_count() == position(); }
  [[nodiscard]] std::uint64_t frames_read() const noexcept { return read_.load(std::memory_order_relaxed); }
  [[nodiscard]] std::uint64_t frames_dropped() const noexcept { return dropped_.load(std::memory_order_relaxed); }

 private:
  using Clock = std::chrono::steady_clock;
  void wait_for_turn();

  std::unique_ptr<FrameSource> inner_;
  bool live_ = false;
  std::chrono::duration<double> nominal_period_{};
  Clock::time_point next_due_{};
  double paced_speed_ = 1.0;  // the speed next_due_ was reckoned at
  std::atomic<double> speed_{1.0};
  std::atomic<bool>* stop_after_read_ = nullptr;
  std::atomic<std::int64_t> position_{0};
  std::atomic<std::uint64_t> read_{0};
  std::atomic<std::uint64_t> dropped_{0};
  std::size_t buffers_ = 0;  // the simulated camera's, as a real one at this rate would have
};

}  // namespace pt::ui
