#pragma once
// The seam through which the CUDA side supplies page-locked memory for frame buffers, so that
// camera DMA lands where a host-to-device copy can read it without a staging copy.
#include <cstddef>
#include <memory>

namespace pt {

enum class MemoryKind : unsigned char { Invalid = 0, Host, HostPinned };

class HostAllocator {
 public:
  virtual ~HostAllocator() = default;
  [[nodiscard]] virtual void* allocate(std::size_t bytes) = 0;
  virtual void deallocate(void* p) noexcept = 0;
  [[nodiscard]] virtual MemoryKind kind() const noexcept = 0;
};

// Plain aligned host memory: the default when no GPU backend is present.
std::shared_ptr<HostAllocator> make_host_allocator();

}  // namespace pt
