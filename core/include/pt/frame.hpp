#pragma once
#include <cstdint>
#include <string>
#include <string_view>

#include "pt/host_allocator.hpp"
#include "pt/image.hpp"

namespace pt {

// Where a frame came from and when. `source` is what the CSV's `source` column and the ground
// truth's `image` column both hold, so results and truth join on it.
struct FrameInfo {
  std::uint64_t index = 0;     // position in the source, from 0
  double timestamp_s = 0.0;    // source time (camera clock, file timestamp, or synthetic clock)
  std::int64_t host_ns = 0;    // host steady clock when acquired, for latency
  std::string source;
};

// Writes "<prefix>#<index>" into `label` in place. A pooled frame's label keeps its slot's
// storage, so a source that labels its frames this way allocates nothing for them once every
// slot has held a label this long.
void set_indexed_label(std::string& label, std::string_view prefix, std::uint64_t index);

class FramePool;

// A move-only lease on one pooled buffer; it goes back to its pool when destroyed, so a buffer
// can never be recycled while someone (a host-to-device copy, a sink) still holds it.
class Frame {
 public:
  Frame() = default;
  Frame(Frame&& o) noexcept;
  Frame& operator=(Frame&& o) noexcept;
  Frame(const Frame&) = delete;
  Frame& operator=(const Frame&) = delete;
  ~Frame();

  [[nodiscard]] bool valid() const noexcept { return pool_ != nullptr; }
  [[nodiscard]] ViewU8 pixels() noexcept { return view_; }
  [[nodiscard]] CViewU8 pixels() const noexcept { return view_; }
  [[nodiscard]] FrameInfo& info() noexcept { return info_; }
  [[nodiscard]] const FrameInfo& info() const noexcept { return info_; }
  // Its pool's: a device copies pinned pixels without staging them (Invalid for no frame).
  [[nodiscard]] MemoryKind memory_kind() const noexcept;
  // Narrows the view to a smaller picture (a camera ROI); the slot keeps its capacity.
  void set_size(int width, int height) noexcept;

 private:
  friend class FramePool;
  Frame(FramePool* pool, int slot, ViewU8 view) noexcept : pool_(pool), slot_(slot), view_(view) {}
  void release() noexcept;

  FramePool* pool_ = nullptr;
  int slot_ = -1;
  ViewU8 view_{};
  FrameInfo info_{};
};

}  // namespace pt
