// track --record, then track --input <recording>: the replay writes the trace the live run wrote.
#include <sstream>
#include <string>
#include <vector>

#include "cli_runner.hpp"
#include "pt_catch.hpp"

using pt::test::run_cli;
using pt::test::slurp;

namespace {

// Every row without its last column, latency_us: how long this run's detector took.
std::vector<std::string> rows_without_latency(const std::string& trace) {
  std::vector<std::string> rows;
  std::istringstream in(trace);
  for (std::string line; std::getline(in, line);) rows.push_back(line.substr(0, line.rfind(',')));
  return rows;
}

}  // namespace

TEST_CASE("a recorded synthetic session replays as live: same frames, same trace") {
  pt::test::ScratchDir dir("record_replay");
  const auto live = run_cli("track --input synthetic --frames 300 --seed 2 --size 320x240 --record s.mkv --csv live.csv -q",
                            dir.path());
  INFO(live.output);
  REQUIRE(live.exit_code == 0);
  CHECK(live.output.find("recording: s.mkv (300 frames; 0 left out because the disk was behind); s.frames.csv, s.json") !=
        std::string::npos);
  CHECK(slurp(dir.path() / "s.json").find("\"source\": \"synthetic 320x240, 2 eyes, seed 2\"") != std::string::npos);

  const auto replay = run_cli("track --input s.mkv --eyes 2 --csv replay.csv -q", dir.path());
  INFO(replay.output);
  REQUIRE(replay.exit_code == 0);
  CHECK(replay.output.find("input: recording 's.mkv' (300 frames)") != std::string::npos);
  const auto live_rows = rows_without_latency(slurp(dir.path() / "live.csv"));
  CHECK(live_rows.size() == 601);
  CHECK(live_rows == rows_without_latency(slurp(dir.path() / "replay.csv")));
}
