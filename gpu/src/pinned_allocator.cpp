#include "pt/gpu/pinned_allocator.hpp"

#include "pt/gpu/device_memory.hpp"

namespace pt::gpu {
namespace {

class PinnedAllocator final : public HostAllocator {
 public:
  void* allocate(std::size_t bytes) override { return detail::allocate_pinned(bytes); }
  void deallocate(void* p) noexcept override { detail::free_pinned(p); }
  MemoryKind kind() const noexcept override { return MemoryKind::HostPinned; }
};

}  // namespace

std::shared_ptr<HostAllocator> make_pinned_allocator() { return std::make_shared<PinnedAllocator>(); }

}  // namespace pt::gpu
