// Outputs that would overwrite an input or one another, or that cannot be written, are refused
// before anything is read or written: the files already there stay as they were, and no output
// is begun.
#include <filesystem>
#include <fstream>
#include <string>
#include <utility>

#include "cli_runner.hpp"
#include "pt_catch.hpp"

using pt::test::run_cli;
using pt::test::slurp;

TEST_CASE("outputs that would overwrite a file, or cannot be written, are refused before any is begun") {
  pt::test::ScratchDir dir("outputs");
  const std::string truth = "frame_index,eye,pupil_present\n";
  std::ofstream(dir.path() / "gt.csv") << truth;
  std::filesystem::create_directories(dir.path() / "sub");
  const std::pair<const char*, const char*> cases[] = {
      // over an input, or one another
      {"eval -i synthetic --frames 3 --ground-truth gt.csv --csv gt.csv", "--csv 'gt.csv' would overwrite --ground-truth"},
      {"eval -i synthetic --frames 3 --ground-truth gt.csv --json sub/../gt.csv", "would overwrite --ground-truth"},
      {"track -i synthetic --frames 3 --csv t.csv --blinks-csv ./t.csv", "--blinks-csv './t.csv' is also --csv"},
      {"track -i synthetic --frames 3 --csv t.csv --ground-truth-out t.csv", "is also --csv"},
#if defined(PT_CLI_RECORDS)
      {"track -i synthetic --frames 3 --record s.mkv --csv s.frames.csv", "--record's frame table 's.frames.csv' is also --csv"},
#else
      {"track -i synthetic --frames 3 --record s.mkv --csv s.frames.csv", "this build has no video output"},
#endif
      {"track -i gt.csv --csv gt.csv", "--csv 'gt.csv' would overwrite --input 'gt.csv'"},
      {"hessian -i gt.csv -o gt.csv", "--out 'gt.csv' would overwrite --input"},
      // in a folder that is not there, after an output that could have been begun
      {"track -i synthetic --frames 3 --csv t.csv --blinks-csv nodir/b.csv",
       "cannot write 'nodir/b.csv' (--blinks-csv): there is no folder 'nodir'"},
      {"track -i synthetic --frames 3 --csv t.csv --record nodir/r.mkv", "there is no folder 'nodir'"},
      {"eval -i synthetic --frames 3 --ground-truth gt.csv --csv t.csv --json nodir/s.json", "(--json)"},
      {"hessian -i in.png -o m.tif --threshold 1 --mask-out nodir/m.png", "(--mask-out)"},
  };
  for (const auto& [args, message] : cases) {
    CAPTURE(args);
    const auto r = run_cli(args, dir.path());
    INFO(r.output);
    CHECK(r.exit_code == 1);
    CHECK(r.output.find(message) != std::string::npos);
    CHECK(slurp(dir.path() / "gt.csv") == truth);
    for (const char* made : {"t.csv", "s.mkv", "s.frames.csv", "m.tif"}) {
      CHECK_FALSE(std::filesystem::exists(dir.path() / made));
    }
  }
}
