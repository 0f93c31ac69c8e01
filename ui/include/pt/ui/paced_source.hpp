#pragma once
// Plays a source at its nominal frame rate, as a camera delivers frames, instead of as fast as
// it can be read. For a live source (the synthetic camera) a reader that falls more than a
// camera's buffer behind loses frames, as a real camera would; those are counted as dropped.
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

  [[nodiscard]] std::uint64_t frames_read() const noexcept { return read_.load(std::memory_order_relaxed); }
  [[nodiscard]] std::uint64_t frames_dropped() const noexcept { return dropped_.load(std::memory_order_relaxed); }

 private:
  using Clock = std::chrono::steady_clock;
  std::unique_ptr<FrameSource> inner_;
  bool live_ = false;
  Clock::duration period_{};
  Clock::time_point next_due_{};
  std::atomic<std::uint64_t> read_{0};
  std::atomic<std::uint64_t> dropped_{0};
};

}  // namespace pt::ui
