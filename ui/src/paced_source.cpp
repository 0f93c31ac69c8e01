#include "pt/ui/paced_source.hpp"

#include <thread>

namespace pt::ui {
namespace {

// A camera queues frames for a reader that is briefly late, as many as it has buffers (the
// GenICam source's default is 16); later than that, frames are lost.
constexpr int kCameraBuffers = 16;

}  // namespace

PacedSource::PacedSource(std::unique_ptr<FrameSource> inner, bool live) : inner_(std::move(inner)), live_(live) {
  const double fps = inner_->nominal_fps();
  if (fps > 0.0) period_ = std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(1.0 / fps));
}

ReadStatus PacedSource::read(Frame& into) {
  if (period_ > Clock::duration::zero()) {
    const Clock::time_point now = Clock::now();
    if (next_due_ == Clock::time_point{}) next_due_ = now;
    if (now < next_due_) {
      std::this_thread::sleep_until(next_due_);
    } else if (now - next_due_ > kCameraBuffers * period_) {
      // Catch up instead of bursting: a camera would have delivered only its newest frames.
      const auto late_frames = static_cast<std::uint64_t>((now - next_due_) / period_);
      if (live_) dropped_.fetch_add(late_frames - kCameraBuffers, std::memory_order_relaxed);
      next_due_ = now;
    }
    next_due_ += period_;
  }
  const ReadStatus status = inner_->read(into);
  if (status == ReadStatus::Ok) read_.fetch_add(1, std::memory_order_relaxed);
  return status;
}

}  // namespace pt::ui
