#include "pt/parallel_for.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

#include "pt_catch.hpp"

TEST_CASE("every index runs exactly once per run, run after run") {
  pt::ParallelFor gang(3);
  CHECK(gang.threads() == 3);
  for (int round = 0; round < 200; ++round) {
    const int n = 1 + round % 7;
    std::vector<std::atomic<int>> hits(static_cast<std::size_t>(n));
    gang.run(n, [&](int i) { hits[static_cast<std::size_t>(i)].fetch_add(1); });
    for (const auto& h : hits) REQUIRE(h.load() == 1);
  }
}

TEST_CASE("work really spreads over threads and the caller waits for all of it") {
  pt::ParallelFor gang(2);
  std::mutex m;
  std::set<std::thread::id> ids;
  std::atomic<int> in_flight{0};
  std::atomic<int> most{0};
  gang.run(2, [&](int) {
    const int now = ++in_flight;
    most = std::max(most.load(), now);
    // Both halves must be inside at once for the run to finish quickly; give them the chance.
    for (int spin = 0; spin < 200 && in_flight.load() < 2; ++spin) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    {
      std::lock_guard lock(m);
      ids.insert(std::this_thread::get_id());
    }
    --in_flight;
  });
  CHECK(ids.size() == 2);
  CHECK(most.load() == 2);
  CHECK(in_flight.load() == 0);
}

TEST_CASE("one thread runs everything on the caller") {
  pt::ParallelFor gang(1);
  std::set<std::thread::id> ids;
  gang.run(4, [&](int) { ids.insert(std::this_thread::get_id()); });
  CHECK(ids.size() == 1);
  CHECK(*ids.begin() == std::this_thread::get_id());
}
