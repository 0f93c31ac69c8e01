#pragma once
// A bounded hand-off between threads that drops the OLDEST item when full: a live tracker must
// always work on the newest frame, and every drop is counted so it can be reported.
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <mutex>
#include <optional>

namespace pt {

template <class T>
class BoundedQueue {
 public:
  explicit BoundedQueue(std::size_t capacity) : capacity_(capacity == 0 ? 1 : capacity) {}

  // Returns true when an older item had to be dropped to make room.
  bool push(T item) {
    bool dropped = false;
    {
      std::lock_guard lock(mutex_);
      if (closed_) return false;
      if (items_.size() == capacity_) {
        items_.pop_front();
        ++dropped_;
        dropped = true;
      }
      items_.push_back(std::move(item));
    }
    ready_.notify_one();
    return dropped;
  }

  // Waits up to `timeout`; returns nothing on timeout or once closed and drained.
  std::optional<T> pop(std::chrono::milliseconds timeout) {
    std::unique_lock lock(mutex_);
    ready_.wait_for(lock, timeout, [&] { return !items_.empty() || closed_; });
    if (items_.empty()) return std::nullopt;
    T item = std::move(items_.front());
    items_.pop_front();
    return item;
  }

  // Wakes every waiter; items already queued can still be popped.
  void close() {
    {
      std::lock_guard lock(mutex_);
      closed_ = true;
    }
    ready_.notify_all();
  }

  [[nodiscard]] bool closed() const {
    std::lock_guard lock(mutex_);
    return closed_;
  }
  [[nodiscard]] std::size_t size() const {
    std::lock_guard lock(mutex_);
    return items_.size();
  }
  [[nodiscard]] std::uint64_t dropped() const {
    std::lock_guard lock(mutex_);
    return dropped_;
  }

 private:
  const std::size_t capacity_;
  mutable std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<T> items_;
  std::uint64_t dropped_ = 0;
  bool closed_ = false;
};

}  // namespace pt
