// The benchmarks' frame feed: the held frames play forward, then backward, so that a tracking
// window never meets a pupil that jumped back to where the rendered sequence began.
#include <cstdint>
#include <cstdlib>
#include <utility>
#include <vector>

#include "cli/detector_feed.hpp"
#include "pt/host_allocator.hpp"
#include "pt_catch.hpp"

TEST_CASE("back_and_forth turns at both ends of the rendered frames") {
  std::vector<std::size_t> order;
  for (std::size_t i = 0; i < 10; ++i) order.push_back(pt::cli::back_and_forth(i, 4));
  CHECK(order == std::vector<std::size_t>{0, 1, 2, 3, 2, 1, 0, 1, 2, 3});
  for (std::size_t i = 0; i < 5; ++i) {
    CHECK(pt::cli::back_and_forth(i, 1) == 0);
    CHECK(pt::cli::back_and_forth(i, 2) == i % 2);
  }
  // Never a step of more than one frame, however long it plays.
  for (const std::size_t n : {2U, 3U, 51U, 200U}) {
    for (std::size_t i = 1; i < 5 * n; ++i) {
      CAPTURE(n, i);
      const auto step = static_cast<long long>(pt::cli::back_and_forth(i, n)) -
                        static_cast<long long>(pt::cli::back_and_forth(i - 1, n));
      CHECK(std::llabs(step) == 1);
    }
  }
}

TEST_CASE("FilledFrames hands out its frames back and forth and takes each back by the index it went out with") {
  std::vector<pt::ImageU8> images;
  for (int k = 0; k < 3; ++k) {
    images.emplace_back(4, 2);
    images.back().view().row(0)[0] = static_cast<std::uint8_t>(10 + k);
  }
  pt::cli::FilledFrames frames(images, pt::make_host_allocator());
  REQUIRE(frames.size() == 3);
  for (std::size_t i = 0; i < 9; ++i) {
    CAPTURE(i);
    REQUIRE(frames.here(i));
    pt::Frame f = frames.take(i);
    CHECK(!frames.here(i));
    CHECK(std::as_const(f).pixels().row(0)[0] == 10 + pt::cli::back_and_forth(i, 3));
    f.info().index = i;
    frames.give_back(std::move(f));
  }
}
