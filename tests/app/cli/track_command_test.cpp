// pupiltrack-cli track as a user runs it: exit codes, messages, and the files it leaves.
#include <string>

#include "cli_runner.hpp"
#include "pt_catch.hpp"

using pt::test::count_lines;
using pt::test::run_cli;
using pt::test::slurp;

TEST_CASE("synthetic run writes one trace row per eye per frame and matching ground truth") {
  pt::test::ScratchDir dir("synthetic");
  const auto r = run_cli("track --input synthetic --frames 40 --seed 3 --size 640x480 --csv t.csv "
                         "--ground-truth-out gt.csv --quiet",
                         dir.path());
  INFO(r.output);
  REQUIRE(r.exit_code == 0);
  CHECK(r.output.find("tracked 40 frames") != std::string::npos);
  CHECK(r.output.find("backend: cpu") != std::string::npos);
  const std::string trace = slurp(dir.path() / "t.csv");
  const std::string truth = slurp(dir.path() / "gt.csv");
  CHECK(count_lines(trace) == 1 + 80);
  CHECK(count_lines(truth) == 1 + 80);
  // The truth's `image` names the trace's `source`: both start their rows for frame 7 alike.
  CHECK(trace.find("\n7,0.014000,synthetic#7,left,") != std::string::npos);
  CHECK(truth.find("\nsynthetic#7,,synthetic-seed3,left,7,") != std::string::npos);
}

TEST_CASE("blinks of the synthetic camera come out as events") {
  pt::test::ScratchDir dir("blinks");
  const auto r = run_cli("track --input synthetic --frames 1500 --seed 4 --size 320x240 --blinks-csv b.csv --quiet",
                         dir.path());
  INFO(r.output);
  REQUIRE(r.exit_code == 0);
  const std::string blinks = slurp(dir.path() / "b.csv");
  CHECK(blinks.rfind("eye,start_frame,end_frame,start_s,end_s,duration_ms\n", 0) == 0);
  // 3 s of a 500 frames/s camera hold at least one blink, seen by both eyes.
  CHECK(blinks.find("\nleft,") != std::string::npos);
  CHECK(blinks.find("\nright,") != std::string::npos);
}

TEST_CASE("bad command lines fail with a one-line reason and leave no trace file") {
  pt::test::ScratchDir dir("bad_args");
  struct Case {
    const char* args;
    const char* message;
  };
  const Case cases[] = {
      {"track --input /no/such/video.avi --csv t.csv", "/no/such/video.avi"},
      {"track --input synthetic --frames 5 --roi-left 600,0,100,100 --size 640x480 --csv t.csv",
       "region --roi-left 600,0,100,100 lies outside the 640x480 frame"},
      {"track --input synthetic --frames 5 --roi-left 1,2,3 --csv t.csv", "is not x,y,w,h"},
      {"track --input synthetic --frames 5 --size 12x7 --csv t.csv", "--size '12x7'"},
      {"track --input synthetic --frames 5 --size 100000x100000 --csv t.csv", "to 16384x16384"},
      {"track --input synthetic --frames 5 --eyes 3 --csv t.csv", "--eyes"},
      {"track --input synthetic --frames 5 --segments 2 --csv t.csv",
       "--segments: synthetic 1280x1024, 2 eyes, seed 1 cannot be tracked in stretches; that needs a video file or a "
       "recorded session"},
      {"track --input synthetic --frames 5 --segments 0 --csv t.csv", "--segments"},
      {"track --input synthetic --frames 5 --segment-lead-in 1 --csv t.csv", "--segment-lead-in requires --segments"},
      {"eval --input synthetic --frames 5 --ground-truth t.csv --canvas 400x400 --segments 2",
       "--segments opens the input again for each stretch, without the --canvas placement: give one or the other"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.args);
    const auto r = run_cli(c.args, dir.path());
    INFO(r.output);
    CHECK(r.exit_code != 0);
    CHECK(r.output.find(c.message) != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(dir.path() / "t.csv"));
  }
}

TEST_CASE("an unwritable trace path is refused before tracking starts") {
  pt::test::ScratchDir dir("unwritable");
  const auto r = run_cli("track --input synthetic --frames 5 --csv /no/such/dir/t.csv", dir.path());
  CHECK(r.exit_code == 1);
  CHECK(r.output.find("cannot write '/no/such/dir/t.csv'") != std::string::npos);
}

TEST_CASE("a CUDA backend that cannot run leaves no files behind") {
  pt::test::ScratchDir dir("cuda_asked");
  const auto r = run_cli("track --input synthetic --frames 3 --backend cuda --csv t.csv --ground-truth-out gt.csv",
                         dir.path());
  INFO(r.output);
  const bool made = std::filesystem::exists(dir.path() / "t.csv");
  CHECK(std::filesystem::exists(dir.path() / "gt.csv") == made);
  if (r.exit_code == 0) {
    CHECK(count_lines(slurp(dir.path() / "t.csv")) == 1 + 3 * 2);  // a usable device tracked
  } else {
    // No device, no driver, or a build without CUDA: said at once, before any file is opened.
    CHECK(r.output.find("--backend cuda:") != std::string::npos);
    CHECK_FALSE(made);
  }
}

TEST_CASE("command-line mistakes are one plain line and exit status 2") {
  pt::test::ScratchDir dir("usage");
  const std::pair<const char*, const char*> cases[] = {
      {"track --input synthetic --frames 0", "error: --frames: must be above 0, not 0 (see --help)"},
      {"track --input synthetic --frames abc", "error: --frames: 'abc' is not a number"},
      {"track --input synthetic --frames 5 --mm-per-px nan", "error: --mm-per-px: 'nan' is not a number"},
      {"hessian -i in.png -o out.tif --sigma -1", "error: --sigma: must be above 0, not -1"},
      {"eval --input synthetic --frames 5", "error: --ground-truth is required"},
      {"track --input synthetic --frames 5 --seed -1", "error: --seed: must be 0 or more, not -1"},
      {"hessian -i in.png -o out.tif --threshold nan --mask-out m.png", "error: --threshold: 'nan' is not a number"},
      {"hessian -i in.png -o out.tif --threshold 0.5", "error: --threshold requires --mask-out"},
  };
  for (const auto& [args, message] : cases) {
    CAPTURE(args);
    const auto r = run_cli(args, dir.path());
    INFO(r.output);
    CHECK(r.exit_code == 2);
    CHECK(r.output.find(message) != std::string::npos);
    CHECK(count_lines(r.output) == 1);
  }
}
