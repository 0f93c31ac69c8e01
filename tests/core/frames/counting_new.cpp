#include "counting_new.hpp"

#include <atomic>
#include <cstdlib>
#include <new>

namespace {

std::atomic<std::uint64_t> g_allocations{0};

void* counted(std::size_t bytes) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  return std::malloc(bytes == 0 ? 1 : bytes);
}

void* counted_aligned(std::size_t bytes, std::align_val_t align) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  const auto a = static_cast<std::size_t>(align);
  // aligned_alloc wants a size that is a multiple of the alignment.
  return std::aligned_alloc(a, (bytes + a - 1) / a * a);
}

void* or_throw(void* p) {
  if (p == nullptr) throw std::bad_alloc();
  return p;
}

}  // namespace

namespace pt::test {
std::uint64_t allocations() noexcept { return g_allocations.load(std::memory_order_relaxed); }
}  // namespace pt::test

void* operator new(std::size_t bytes) { return or_throw(counted(bytes)); }
void* operator new[](std::size_t bytes) { return or_throw(counted(bytes)); }
void* operator new(std::size_t bytes, const std::nothrow_t&) noexcept { return counted(bytes); }
void* operator new[](std::size_t bytes, const std::nothrow_t&) noexcept { return counted(bytes); }
void* operator new(std::size_t bytes, std::align_val_t align) { return or_throw(counted_aligned(bytes, align)); }
void* operator new[](std::size_t bytes, std::align_val_t align) { return or_throw(counted_aligned(bytes, align)); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
