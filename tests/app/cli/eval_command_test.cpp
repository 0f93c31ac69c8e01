// pupiltrack-cli eval as a user runs it: ground truth from `track --ground-truth-out`, the JSON
// it writes, and clear refusals of bad input.
#include <cmath>
#include <string>

#include "cli_runner.hpp"
#include "json_lookup.hpp"
#include "pt_catch.hpp"

using pt::test::json_number;
using pt::test::run_cli;
using pt::test::slurp;

namespace {

const char* const kSynthetic = "--input synthetic --frames 60 --seed 3 --size 640x480";

void write_text(const std::filesystem::path& path, const std::string& text) { std::ofstream(path) << text; }

}  // namespace

TEST_CASE("eval scores the synthetic camera against the ground truth track wrote for it") {
  pt::test::ScratchDir dir("eval_synthetic");
  const auto truth = run_cli(std::string("track ") + kSynthetic + " --ground-truth-out gt.csv --quiet", dir.path());
  INFO(truth.output);
  REQUIRE(truth.exit_code == 0);

  const auto r = run_cli(std::string("eval ") + kSynthetic + " --ground-truth gt.csv --json r.json --csv t.csv --quiet",
                         dir.path());
  INFO(r.output);
  REQUIRE(r.exit_code == 0);
  CHECK(r.output.find("ground truth: gt.csv (120 rows; 120 met by the trace)") != std::string::npos);
  CHECK(r.output.find("\nopen ") != std::string::npos);
  CHECK(r.output.find("warning") == std::string::npos);
  CHECK(pt::test::count_lines(slurp(dir.path() / "t.csv")) == 1 + 120);

  const std::string json = slurp(dir.path() / "r.json");
  INFO(json);
  for (const char* key : {"input", "ground_truth", "canvas", "trace_rows", "trace_rows_without_truth", "truth_rows",
                          "truth_rows_not_reached", "overall", "open", "partial", "subjects", "pupil_frames",
                          "detected", "detection_rate", "center_within_1px", "center_within_2px", "center_within_5px",
                          "relative_within_5pct", "relative_within_10pct", "median_abs_diameter_error_px",
                          "no_pupil_frames", "false_detections", "false_detection_rate"}) {
    CAPTURE(key);
    CHECK(json.find("\"" + std::string(key) + "\": ") != std::string::npos);
  }
  CHECK(json.find("\"canvas\": null") != std::string::npos);
  CHECK(json.find("\"subjects\": []") != std::string::npos);  // one subject: no breakdown
  CHECK(json.find("\"truth_rows\": 120,") != std::string::npos);
  CHECK(json_number(json, "open", "detection_rate") >= 0.9);
  CHECK(json_number(json, "open", "center_within_1px") >= 0.9);
  CHECK(json_number(json, "overall", "median_abs_diameter_error_px") < 1.0);
}

TEST_CASE("eval refuses bad input with a one-line reason") {
  pt::test::ScratchDir dir("eval_bad");
  write_text(dir.path() / "elsewhere.csv",
             "image,subject,eye,pupil_present,ellipse_cx,ellipse_cy,equiv_diameter_px\nother.png,1,Left,1,10,10,20\n");
  write_text(dir.path() / "odd_columns.csv",
             "image,subject,eye,pupil_present,ellipse_cx,ellipse_cy,pupil_size\nother.png,1,Left,1,10,10,20\n");
  struct Case {
    const char* args;
    const char* message;
  };
  const Case cases[] = {
      {"--frames 5 --size 640x480 --ground-truth missing.csv", "error: cannot read ground truth 'missing.csv'"},
      {"--frames 5 --size 640x480 --ground-truth elsewhere.csv",
       "error: no frame of the input has a row in ground truth 'elsewhere.csv' (the input's frame 'synthetic#0'"},
      {"--frames 5 --size 640x480 --ground-truth odd_columns.csv", "unknown column 'pupil_size'"},
      {"--frames 5 --size 640x480 --ground-truth elsewhere.csv --canvas 320x240",
       "error: canvas 320x240 is smaller than the 640x480 frames it should hold"},
      {"--size 640x480 --ground-truth elsewhere.csv", "error: --input synthetic needs --frames"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.args);
    const auto r = run_cli(std::string("eval --input synthetic --quiet --json r.json ") + c.args, dir.path());
    INFO(r.output);
    CHECK(r.exit_code == 1);
    CHECK(r.output.find(c.message) != std::string::npos);
    CHECK(pt::test::count_lines(r.output) <= 4);  // the reason, not a wall of text
    CHECK_FALSE(std::filesystem::exists(dir.path() / "r.json"));
  }
}
