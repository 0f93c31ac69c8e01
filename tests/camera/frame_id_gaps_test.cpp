#include "aravis/frame_id_gaps.hpp"
#include "pt_catch.hpp"

TEST_CASE("frame id gaps: consecutive ids skip nothing, holes are counted") {
  pt::camera::aravis::FrameIdGaps gaps;
  CHECK(gaps.observe(10) == 0);
  CHECK(gaps.observe(11) == 0);
  CHECK(gaps.observe(15) == 3);
  CHECK(gaps.observe(16) == 0);
}

TEST_CASE("frame id gaps: 16-bit GigE Vision block ids wrap from 65535 to 1") {
  pt::camera::aravis::FrameIdGaps gaps;
  CHECK(gaps.observe(65534) == 0);
  CHECK(gaps.observe(65535) == 0);
  CHECK(gaps.observe(1) == 0);
  CHECK(gaps.observe(65533) == 65531);
  CHECK(gaps.observe(3) == 4);  // 65534, 65535, 1 and 2 never came
}

TEST_CASE("frame id gaps: ids that go back a little are a restart, not a wrap") {
  pt::camera::aravis::FrameIdGaps gaps;
  CHECK(gaps.observe(500) == 0);
  CHECK(gaps.observe(3) == 0);
  CHECK(gaps.observe(4) == 0);
}

TEST_CASE("frame id gaps: a restart forgets the previous id") {
  pt::camera::aravis::FrameIdGaps gaps;
  CHECK(gaps.observe(100) == 0);
  gaps.restart();
  CHECK(gaps.observe(5) == 0);
  CHECK(gaps.observe(7) == 1);
}
