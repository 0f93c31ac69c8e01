// bench --segments as a user gives it: the track bench also times the frames cut into stretches
// tracked at once (CPU full mode, CUDA throughput and window modes); any other use is refused before anything
// is timed.
#include <string>

#include "cli_runner.hpp"
#include "pt_catch.hpp"

using pt::test::run_cli;

TEST_CASE("bench --segments times the CPU detector's frames in stretches at once, next to one pass") {
  pt::test::ScratchDir dir("bench_segments_cpu");
  const auto r = run_cli("bench --what track --size 320x240 --eyes 2 --frames 40 --segments 4", dir.path());
  INFO(r.output);
  REQUIRE(r.exit_code == 0);
  CHECK(r.output.find("track full (starburst), cpu") != std::string::npos);
  CHECK(r.output.find("track full, cpu (1 thread), 4 stretches at once") != std::string::npos);
  CHECK(r.output.find("bench: 4 stretches at once / one pass: frames/s ") != std::string::npos);
}

TEST_CASE("bench --segments is refused outside the track bench's CPU full and CUDA throughput and window modes") {
  pt::test::ScratchDir dir("bench_segments_refused");
  for (const char* command : {"bench --what track --mode window --size 320x240 --eyes 1 --frames 10 --segments 4",
                              "bench --what track --backend cuda --mode latency --frames 10 --segments 4",
                              "bench --what preprocess --backend cuda --frames 10 --segments 2",
                              "bench --what render --frames 10 --segments 2"}) {
    CAPTURE(command);
    const auto r = run_cli(command, dir.path());
    INFO(r.output);
    CHECK(r.exit_code == 1);
    CHECK(r.output.find("--segments cuts the frames into stretches tracked at once: it times --what track "
                        "--backend cpu --mode full, or --backend cuda --mode throughput or window") != std::string::npos);
    CHECK(r.output.find("frames/s") == std::string::npos);
  }
}

TEST_CASE("bench --segments is taken in the CUDA throughput and window modes") {
  pt::test::ScratchDir dir("bench_segments_cuda");
  for (const char* mode : {"throughput", "window"}) {
    CAPTURE(mode);
    const auto r = run_cli(std::string("bench --what track --backend cuda --mode ") + mode +
                               " --size 320x240 --eyes 1 --frames 10 --segments 2",
                           dir.path());
    INFO(r.output);
    CHECK(r.output.find("--segments cuts") == std::string::npos);
    // With a device the stretches are timed; without one, the device is what is refused.
    const bool timed = r.exit_code == 0 && r.output.find("2 stretches at once") != std::string::npos;
    const bool no_device = r.exit_code == 1 && (r.output.find("no usable CUDA device") != std::string::npos ||
                                                r.output.find("this build has no CUDA backend") != std::string::npos);
    CHECK((timed || no_device));
    // The host's share of a frame, for the stretches as for the one pass.
    if (timed) CHECK(r.output.find("stretches at once: host time in submit") != std::string::npos);
  }
}

TEST_CASE("bench --segments takes 1 to 256 stretches, no more than --frames") {
  pt::test::ScratchDir dir("bench_segments_range");
  for (const char* count : {"0", "257", "four"}) {
    CAPTURE(count);
    const auto r = run_cli(std::string("bench --what track --frames 10 --segments ") + count, dir.path());
    INFO(r.output);
    CHECK(r.exit_code != 0);
    CHECK(r.output.find("--segments") != std::string::npos);
    CHECK(r.output.find("frames/s") == std::string::npos);
  }
  const auto many = run_cli("bench --what track --size 320x240 --frames 10 --segments 20", dir.path());
  INFO(many.output);
  CHECK(many.exit_code == 1);
  CHECK(many.output.find("--segments: more stretches than --frames") != std::string::npos);
  const auto one = run_cli("bench --what track --size 320x240 --eyes 1 --frames 10 --segments 1", dir.path());
  INFO(one.output);
  CHECK(one.exit_code == 0);
  CHECK(one.output.find("track full") != std::string::npos);
  CHECK(one.output.find("stretches at once") == std::string::npos);
}
