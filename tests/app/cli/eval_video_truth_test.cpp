// pupiltrack-cli eval on a real binocular clip against its per-frame ground truth (the shared
// eye-ir set's subj3 clip: both eyes' ellipses, a line per video frame).
#include <string>

#include "cli_runner.hpp"
#include "json_lookup.hpp"
#include "pt_catch.hpp"
#include "test_data.hpp"

using pt::test::json_number;
using pt::test::run_cli;

std::string pt::test::skip_reason() { return pt::test::require_shared_data("eye-ir/videos/subj3_LR_gt.csv"); }

TEST_CASE("eval scores both eyes of a binocular clip against its ground truth by frame") {
  pt::test::ScratchDir dir("eval_video_truth");
  const auto videos = pt::test::shared_data_dir() / "eye-ir/videos";
  const auto r = run_cli("eval --input '" + (videos / "subj3_LR_ffv1.avi").string() + "' --eyes 2 --ground-truth '" +
                             (videos / "subj3_LR_gt.csv").string() + "' --json r.json --quiet",
                         dir.path());
  INFO(r.output);
  REQUIRE(r.exit_code == 0);
  // 459 frames, two eyes each, every one met by the trace and none of the trace without truth.
  CHECK(r.output.find("(918 rows; 918 met by the trace)") != std::string::npos);
  CHECK(r.output.find("warning") == std::string::npos);
  const std::string json = pt::test::slurp(dir.path() / "r.json");
  INFO(json);
  CHECK(json.find("\"trace_rows_without_truth\": 0,") != std::string::npos);
  // The CPU tracker here: 99.3 % detected, 95.8 % of centres within 2 px (2026-11-23).
  CHECK(json_number(json, "overall", "detection_rate") >= 0.98);
  CHECK(json_number(json, "overall", "center_within_2px") >= 0.93);
}
