#include "pt/bounded_queue.hpp"

#include <thread>

#include "pt_catch.hpp"

using namespace std::chrono_literals;

TEST_CASE("full queue drops the oldest item and counts it") {
  pt::BoundedQueue<int> q(2);
  CHECK_FALSE(q.push(1));
  CHECK_FALSE(q.push(2));
  CHECK(q.push(3));
  CHECK(q.dropped() == 1);
  CHECK(q.pop(0ms) == 2);
  CHECK(q.pop(0ms) == 3);
  CHECK_FALSE(q.pop(0ms).has_value());
}

TEST_CASE("close wakes a waiting consumer and keeps queued items") {
  pt::BoundedQueue<int> q(4);
  q.push(5);
  q.close();
  CHECK(q.pop(10ms) == 5);
  CHECK_FALSE(q.pop(1000ms).has_value());  // returns at once: closed and drained
  CHECK_FALSE(q.push(6));
  CHECK(q.size() == 0);
}

TEST_CASE("consumer on another thread receives items in order") {
  pt::BoundedQueue<int> q(1000);
  std::thread producer([&] {
    for (int i = 0; i < 500; ++i) q.push(i);
    q.close();
  });
  int expected = 0;
  while (auto v = q.pop(1000ms)) {
    REQUIRE(*v == expected);
    ++expected;
  }
  producer.join();
  CHECK(expected == 500);
  CHECK(q.dropped() == 0);
}
