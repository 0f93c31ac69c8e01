#pragma once
#include <cstddef>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "pt/frame.hpp"
#include "pt/host_allocator.hpp"

namespace pt {

// A fixed set of equal frame buffers allocated once. Acquisition never allocates and never
// blocks: when every slot is leased, try_acquire returns nothing and the caller counts a drop.
// The pool must outlive every Frame leased from it.
class FramePool {
 public:
  FramePool(int width, int height, std::size_t count, std::shared_ptr<HostAllocator> allocator);
  ~FramePool();
  FramePool(const FramePool&) = delete;
  FramePool& operator=(const FramePool&) = delete;

  [[nodiscard]] std::optional<Frame> try_acquire();
  [[nodiscard]] std::size_t available() const;
  [[nodiscard]] std::size_t capacity() const noexcept { return slots_.size(); }
  [[nodiscard]] int width() const noexcept { return width_; }
  [[nodiscard]] int height() const noexcept { return height_; }
  [[nodiscard]] MemoryKind memory_kind() const noexcept { return allocator_->kind(); }

 private:
  friend class Frame;
  // The frame's label goes back with the slot: the next lease of the slot writes its label into
  // the same storage, so labelling frames stops allocating once each slot has held a long one.
  void give_back(int slot, std::string&& label) noexcept;

  int width_;
  int height_;
  std::shared_ptr<HostAllocator> allocator_;
  std::vector<void*> slots_;
  mutable std::mutex mutex_;
  std::vector<int> free_;
  std::vector<std::string> labels_;  // per slot, while the slot is free
};

}  // namespace pt
