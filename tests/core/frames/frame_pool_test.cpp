#include "pt/frame_pool.hpp"

#include "pt_catch.hpp"

TEST_CASE("pool leases every slot once and takes it back when the frame dies") {
  pt::FramePool pool(64, 32, 2, pt::make_host_allocator());
  REQUIRE(pool.available() == 2);
  auto a = pool.try_acquire();
  auto b = pool.try_acquire();
  REQUIRE(a.has_value());
  REQUIRE(b.has_value());
  CHECK(a->pixels().data != b->pixels().data);
  CHECK(a->pixels().width == 64);
  CHECK(a->pixels().height == 32);
  CHECK_FALSE(pool.try_acquire().has_value());  // exhausted: caller drops, never blocks
  a.reset();
  CHECK(pool.available() == 1);
  auto c = pool.try_acquire();
  REQUIRE(c.has_value());
  CHECK(pool.available() == 0);
}

TEST_CASE("moving a frame moves the lease, not the slot") {
  pt::FramePool pool(8, 8, 1, pt::make_host_allocator());
  auto f = pool.try_acquire();
  REQUIRE(f.has_value());
  f->info().index = 7;
  pt::Frame moved = std::move(*f);
  CHECK_FALSE(f->valid());
  CHECK(moved.valid());
  CHECK(moved.info().index == 7);
  f.reset();
  CHECK(pool.available() == 0);  // the moved-from shell returned nothing
  { pt::Frame gone = std::move(moved); }
  CHECK(pool.available() == 1);
}

TEST_CASE("a frame tells the memory kind of its pool's allocator, and no frame none") {
  // An allocator that only claims pinned memory: what a GPU backend's pool says of its frames.
  class ClaimsPinned final : public pt::HostAllocator {
   public:
    void* allocate(std::size_t bytes) override { return plain_->allocate(bytes); }
    void deallocate(void* p) noexcept override { plain_->deallocate(p); }
    pt::MemoryKind kind() const noexcept override { return pt::MemoryKind::HostPinned; }

   private:
    std::shared_ptr<pt::HostAllocator> plain_ = pt::make_host_allocator();
  };
  pt::FramePool host(8, 8, 1, pt::make_host_allocator());
  pt::FramePool pinned(8, 8, 1, std::make_shared<ClaimsPinned>());
  auto h = host.try_acquire();
  auto p = pinned.try_acquire();
  REQUIRE(h.has_value());
  REQUIRE(p.has_value());
  CHECK(h->memory_kind() == pt::MemoryKind::Host);
  CHECK(p->memory_kind() == pt::MemoryKind::HostPinned);
  CHECK(pt::Frame{}.memory_kind() == pt::MemoryKind::Invalid);
  pt::Frame moved = std::move(*p);
  CHECK(p->memory_kind() == pt::MemoryKind::Invalid);
  CHECK(moved.memory_kind() == pt::MemoryKind::HostPinned);
}

TEST_CASE("pool refuses nonsense geometry") {
  CHECK_THROWS_AS(pt::FramePool(0, 10, 2, pt::make_host_allocator()), std::invalid_argument);
  CHECK_THROWS_AS(pt::FramePool(10, 10, 0, pt::make_host_allocator()), std::invalid_argument);
}
