#include "pt/ui/paced_source.hpp"

#include <thread>

#include "pt/camera_buffering.hpp"

namespace pt::ui {
namespace {

}  // namespace

PacedSource::PacedSource(std::unique_ptr<FrameSource> inner, bool live) : inner_(std::move(inner)), live_(live) {
  const double fps = inner_->nominal_fps();
  if (fps > 0.0) nominal_period_ = std::chrono::duration<double>(1.0 / fps);
  buffers_ = camera_buffers_for(fps);
}

void PacedSource::wait_for_turn() {
  const double speed = speed_.load(std::memory_order_relaxed);
  if (nominal_period_.count() <= 0.0 || speed <= 0.0) return;
  if (speed != paced_speed_) {  // a new speed starts its own beat from now
    paced_speed_ = speed;
    next_due_ = {};
  }
  const auto period = std::chrono::duration_cast<Clock::duration>(nominal_period_ / speed);
  const Clock::time_point now = Clock::now();
  if (next_due_ == Clock::time_point{}) next_due_ = now;
  if (now < next_due_) {
    std::this_thread::sleep_until(next_due_);
  } else if (now - next_due_ > static_cast<long>(buffers_) * period) {
    // A camera queues frames for a reader that is briefly late, as many as it has buffers; later
    // than that it has lost frames, and delivers only its newest: catch up instead of bursting.
    const auto late_frames = static_cast<std::uint64_t>((now - next_due_) / period);
    if (live_) dropped_.fetch_add(late_frames - buffers_, std::memory_order_relaxed);
    next_due_ = now;
  }
  next_due_ += period;
}

ReadStatus PacedSource::read(Frame& into) {
  wait_for_turn();
  const ReadStatus status = inner_->read(into);
  if (status == ReadStatus::Ok) {
    read_.fetch_add(1, std::memory_order_relaxed);
    position_.fetch_add(1, std::memory_order_relaxed);
  }
  if (stop_after_read_ != nullptr) {
    stop_after_read_->store(true);
    stop_after_read_ = nullptr;
  }
  return status;
}

bool PacedSource::seek(std::int64_t position) {
  if (!inner_->seek(position)) return false;
  position_.store(position, std::memory_order_relaxed);
  next_due_ = {};  // the frame sought is due at once
  return true;
}

}  // namespace pt::ui
