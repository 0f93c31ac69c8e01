// --algorithm as a user gives it to track, eval and bench: the detector it names runs, the trace
// says which one, and a name it does not know is refused with the choices.
#include <cmath>
#include <string>

#include "cli_runner.hpp"
#include "json_lookup.hpp"
#include "pt_catch.hpp"

using pt::test::json_number;
using pt::test::run_cli;
using pt::test::slurp;

namespace {

const char* const kSynthetic = "--input synthetic --frames 30 --seed 5 --size 640x480";

// The trace's rows for `eye` at frame 0, from `detected` on (which leaves out the latency).
std::string first_row_geometry(const std::string& trace, const std::string& eye) {
  const std::string start = "\n0,0.000000,synthetic#0," + eye + ",";
  const std::size_t at = trace.find(start);
  if (at == std::string::npos) return {};
  const std::size_t from = at + start.size();
  const std::size_t algorithm = trace.find(",cpu,", from);
  return trace.substr(from, algorithm == std::string::npos ? std::string::npos : algorithm - from);
}

}  // namespace

TEST_CASE("track runs the detector --algorithm names and labels the trace with it") {
  pt::test::ScratchDir dir("algorithm_track");
  std::string geometry[3];
  const char* const names[] = {"starburst", "tl", "hough"};
  for (int i = 0; i < 3; ++i) {
    const std::string csv = std::string(names[i]) + ".csv";
    const auto r = run_cli(std::string("track ") + kSynthetic + " --algorithm " + names[i] + " --csv " + csv + " --quiet",
                           dir.path());
    CAPTURE(names[i]);
    INFO(r.output);
    REQUIRE(r.exit_code == 0);
    const std::string trace = slurp(dir.path() / csv);
    CHECK(pt::test::count_lines(trace) == 1 + 60);
    // Every row names the detector in the `algorithm` column, just before the backend.
    std::size_t labelled = 0;
    for (std::size_t at = trace.find("," + std::string(names[i]) + ",cpu,"); at != std::string::npos;
         at = trace.find("," + std::string(names[i]) + ",cpu,", at + 1)) {
      ++labelled;
    }
    CHECK(labelled == 60);
    geometry[i] = first_row_geometry(trace, "left");
    CHECK(geometry[i].rfind("1,", 0) == 0);  // the first frame's left pupil is found
  }
  // Three detectors place the same pupil a little differently: the option really switched.
  CHECK(geometry[0] != geometry[1]);
  CHECK(geometry[0] != geometry[2]);
  CHECK(geometry[1] != geometry[2]);
}

TEST_CASE("eval scores the detector --algorithm names") {
  pt::test::ScratchDir dir("algorithm_eval");
  const auto truth = run_cli(std::string("track ") + kSynthetic + " --ground-truth-out gt.csv --quiet", dir.path());
  INFO(truth.output);
  REQUIRE(truth.exit_code == 0);
  for (const char* name : {"tl", "hough"}) {
    CAPTURE(name);
    const auto r = run_cli(std::string("eval ") + kSynthetic + " --ground-truth gt.csv --algorithm " + name +
                               " --json r.json --csv t.csv --quiet",
                           dir.path());
    INFO(r.output);
    REQUIRE(r.exit_code == 0);
    CHECK(slurp(dir.path() / "t.csv").find("," + std::string(name) + ",cpu,") != std::string::npos);
    const std::string json = slurp(dir.path() / "r.json");
    CHECK(json_number(json, "open", "detection_rate") >= 0.95);
    CHECK(json_number(json, "open", "center_within_1px") >= 0.95);
  }
}

TEST_CASE("bench times the detector --algorithm names, stage by stage") {
  pt::test::ScratchDir dir("algorithm_bench");
  const auto r = run_cli("bench --what track --algorithm tl --size 320x240 --eyes 1 --frames 10 --json b.json", dir.path());
  INFO(r.output);
  REQUIRE(r.exit_code == 0);
  CHECK(r.output.find("track full (tl)") != std::string::npos);
  CHECK(r.output.find("stage: pupil search+fit") != std::string::npos);
  CHECK(slurp(dir.path() / "b.json").find("\"algorithm\": \"tl\"") != std::string::npos);
}

TEST_CASE("an unknown --algorithm is refused with the choices, by every command") {
  pt::test::ScratchDir dir("algorithm_bad");
  for (const char* command : {"track --input synthetic --frames 3 --csv t.csv",
                              "eval --input synthetic --frames 3 --ground-truth gt.csv", "bench --frames 10"}) {
    CAPTURE(command);
    const auto r = run_cli(std::string(command) + " --algorithm hoff", dir.path());
    INFO(r.output);
    CHECK(r.exit_code != 0);
    CHECK(r.output.find("hoff") != std::string::npos);
    CHECK(r.output.find("starburst,tl,hough") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(dir.path() / "t.csv"));
  }
}
