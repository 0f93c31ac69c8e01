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

TEST_CASE("pool refuses nonsense geometry") {
  CHECK_THROWS_AS(pt::FramePool(0, 10, 2, pt::make_host_allocator()), std::invalid_argument);
  CHECK_THROWS_AS(pt::FramePool(10, 10, 0, pt::make_host_allocator()), std::invalid_argument);
}
