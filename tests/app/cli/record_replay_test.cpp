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

TEST_CASE("a recording replayed in stretches at once writes the one-pass trace, row for row") {
  pt::test::ScratchDir dir("record_stretches");
  const auto live = run_cli("track --input synthetic --frames 300 --seed 4 --size 320x240 --record s.mkv --csv live.csv -q",
                            dir.path());
  INFO(live.output);
  REQUIRE(live.exit_code == 0);
  const auto live_rows = rows_without_latency(slurp(dir.path() / "live.csv"));
  REQUIRE(live_rows.size() == 601);
  // A lead-in back to the first frame (1 s of a 500 frames/s recording) seeds every stretch as
  // one pass: the trace is the same to the digit.
  const auto led = run_cli("track --input s.mkv --eyes 2 --segments 4 --segment-lead-in 1 --csv led.csv -q", dir.path());
  INFO(led.output);
  REQUIRE(led.exit_code == 0);
  CHECK(led.output.find("stretches: 4 tracked at once, each led in by up to 1 s (500 frames)") != std::string::npos);
  CHECK(led.output.find("tracked 300 frames") != std::string::npos);
  CHECK(live_rows == rows_without_latency(slurp(dir.path() / "led.csv")));
  // Without one, each stretch starts from scratch: every frame and eye still has its row, in order.
  const auto cold = run_cli("track --input s.mkv --eyes 2 --segments 4 --segment-lead-in 0 --csv cold.csv -q", dir.path());
  INFO(cold.output);
  REQUIRE(cold.exit_code == 0);
  const auto cold_rows = rows_without_latency(slurp(dir.path() / "cold.csv"));
  REQUIRE(cold_rows.size() == live_rows.size());
  for (std::size_t i = 0; i < live_rows.size(); ++i) {
    const auto key = [](const std::string& row) {  // frame_index,timestamp_s,source,eye
      std::size_t at = 0;
      for (int k = 0; k < 4; ++k) at = row.find(',', at) + 1;
      return row.substr(0, at);
    };
    CHECK(key(cold_rows[i]) == key(live_rows[i]));
  }

  // Recording keeps the pixels, which stretches do not: refused before anything is written.
  const auto both = run_cli("track --input s.mkv --eyes 2 --segments 2 --record again.mkv --csv both.csv -q", dir.path());
  INFO(both.output);
  CHECK(both.exit_code == 1);
  CHECK(both.output.find("--record keeps the frames' pixels, which --segments does not") != std::string::npos);
  CHECK_FALSE(std::filesystem::exists(dir.path() / "both.csv"));
  CHECK_FALSE(std::filesystem::exists(dir.path() / "again.mkv"));
}
