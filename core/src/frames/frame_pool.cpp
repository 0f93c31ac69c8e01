#include "pt/frame_pool.hpp"

#include <stdexcept>
#include <string>
#include <utility>

namespace pt {

Frame::Frame(Frame&& o) noexcept
    : pool_(std::exchange(o.pool_, nullptr)),
      slot_(std::exchange(o.slot_, -1)),
      view_(std::exchange(o.view_, {})),
      info_(std::move(o.info_)) {}

Frame& Frame::operator=(Frame&& o) noexcept {
  if (this != &o) {
    release();
    pool_ = std::exchange(o.pool_, nullptr);
    slot_ = std::exchange(o.slot_, -1);
    view_ = std::exchange(o.view_, {});
    info_ = std::move(o.info_);
  }
  return *this;
}

Frame::~Frame() { release(); }

void Frame::release() noexcept {
  if (pool_ != nullptr) pool_->give_back(slot_, std::move(info_.source));
  pool_ = nullptr;
  slot_ = -1;
  view_ = {};
}

MemoryKind Frame::memory_kind() const noexcept { return pool_ != nullptr ? pool_->memory_kind() : MemoryKind::Invalid; }

void Frame::set_size(int width, int height) noexcept {
  if (pool_ == nullptr || width > pool_->width() || height > pool_->height()) return;
  view_.width = width;
  view_.height = height;
  view_.stride = width;
}

FramePool::FramePool(int width, int height, std::size_t count, std::shared_ptr<HostAllocator> allocator)
    : width_(width), height_(height), allocator_(std::move(allocator)) {
  if (width <= 0 || height <= 0 || count == 0 || !allocator_) {
    throw std::invalid_argument("FramePool: bad geometry " + std::to_string(width) + "x" +
                                std::to_string(height) + " x" + std::to_string(count));
  }
  const auto bytes = static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
  slots_.reserve(count);
  free_.reserve(count);
  labels_.resize(count);
  try {
    for (std::size_t i = 0; i < count; ++i) {
      slots_.push_back(allocator_->allocate(bytes));
      free_.push_back(static_cast<int>(i));
    }
  } catch (...) {
    for (void* p : slots_) allocator_->deallocate(p);
    throw;
  }
}

FramePool::~FramePool() {
  for (void* p : slots_) allocator_->deallocate(p);
}

std::optional<Frame> FramePool::try_acquire() {
  std::lock_guard lock(mutex_);
  if (free_.empty()) return std::nullopt;
  const int slot = free_.back();
  free_.pop_back();
  auto* base = static_cast<std::uint8_t*>(slots_[static_cast<std::size_t>(slot)]);
  Frame frame(this, slot, ViewU8{base, width_, height_, width_});
  frame.info_.source = std::move(labels_[static_cast<std::size_t>(slot)]);
  frame.info_.source.clear();
  return frame;
}

std::size_t FramePool::available() const {
  std::lock_guard lock(mutex_);
  return free_.size();
}

void FramePool::give_back(int slot, std::string&& label) noexcept {
  std::lock_guard lock(mutex_);
  labels_[static_cast<std::size_t>(slot)] = std::move(label);
  free_.push_back(slot);
}

}  // namespace pt
