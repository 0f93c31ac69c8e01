// run_tracking when a sink fails mid-run (a trace on a full disk): the sink's error reaches the
// caller, and the frames the detector still holds go back to the run's pool before the pool
// goes. Before, they went back to a destroyed pool and the program died.
#include <stdexcept>
#include <vector>

#include "pt/io/result_sink.hpp"
#include "pt/pupil/pupil_detector.hpp"
#include "pt/synthetic_source.hpp"
#include "pt/tracking_run.hpp"
#include "pt_catch.hpp"

namespace {

class FailingSink final : public pt::ResultSink {
 public:
  explicit FailingSink(int fail_at) : fail_at_(fail_at) {}
  void on_frame(const pt::TrackedFrame& /*frame*/) override {
    if (++frames_ == fail_at_) throw std::runtime_error("disk full");
  }
  [[nodiscard]] int frames() const noexcept { return frames_; }

 private:
  int fail_at_;
  int frames_ = 0;
};

}  // namespace

TEST_CASE("a sink that throws ends the run with its error, with frames still in flight") {
  pt::SyntheticConfig config;
  config.width = 320;
  config.height = 240;
  config.eyes = 2;
  config.seed = 3;
  pt::SyntheticSource source(config, 40);
  const std::vector<pt::EyeRegion> regions{{pt::EyeSide::Left, source.eye_region(0)},
                                           {pt::EyeSide::Right, source.eye_region(1)}};
  const pt::DetectorParams params;
  // A thread per eye: frames are in flight when the sink fails.
  const auto detector = pt::make_cpu_detector(params, 2);
  REQUIRE(detector->max_in_flight() > 1);
  FailingSink sink(3);
  std::vector<pt::ResultSink*> sinks{&sink};
  CHECK_THROWS_WITH(pt::run_tracking(source, *detector, regions, params, sinks, pt::RunOptions{}), "disk full");
  CHECK(sink.frames() == 3);
  CHECK(detector->in_flight() == 0);
}
