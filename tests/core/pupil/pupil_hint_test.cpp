// The CPU detector's hint and kept border searches (pupil_hint_checks.hpp), with one thread and
// with a thread per eye.
#include "pupil_hint_checks.hpp"

TEST_CASE("a hint makes the detector take the pupil the user points at") {
  const int threads = GENERATE(1, 2);
  const auto detector = pt::make_cpu_detector(pt::DetectorParams{}, threads);
  pt::test::check_hint_takes_pointed_pupil(*detector, pt::make_host_allocator());
}

TEST_CASE("frames carry their border searches while asked to") {
  const int threads = GENERATE(1, 2);
  const auto detector = pt::make_cpu_detector(pt::DetectorParams{}, threads);
  pt::test::check_searches_on_request(*detector, pt::make_host_allocator());
}
