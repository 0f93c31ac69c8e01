#include "cli/progress_line.hpp"

#include "pt_catch.hpp"

TEST_CASE("progress shows a bar when the length is known and a counter otherwise") {
  pt::RunProgress p;
  p.frames = 250;
  p.total = 1000;
  p.elapsed_s = 0.5;
  CHECK(pt::cli::ProgressLine::render(p, "pupil found: left 99.0%") ==
        "[######                  ] 25% 250/1000 frames, 500 fps, pupil found: left 99.0%");
  p.total.reset();
  CHECK(pt::cli::ProgressLine::render(p, "") == "250 frames, 500 fps");
}
