#include "pt/host_allocator.hpp"

#include <cstdlib>
#include <new>

namespace pt {
namespace {

class AlignedHostAllocator final : public HostAllocator {
 public:
  void* allocate(std::size_t bytes) override {
    // 64-byte rows start on cache lines, which vectorised filters rely on for speed.
    constexpr std::size_t kAlign = 64;
    const std::size_t rounded = (bytes + kAlign - 1) / kAlign * kAlign;
    void* p = std::aligned_alloc(kAlign, rounded == 0 ? kAlign : rounded);
    if (p == nullptr) throw std::bad_alloc();
    return p;
  }
  void deallocate(void* p) noexcept override { std::free(p); }
  MemoryKind kind() const noexcept override { return MemoryKind::Host; }
};

}  // namespace

std::shared_ptr<HostAllocator> make_host_allocator() { return std::make_shared<AlignedHostAllocator>(); }

}  // namespace pt
