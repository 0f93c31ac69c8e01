// eval on an image folder with its own ground truth, with and without canvas placement.
#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>

#include "cli_runner.hpp"
#include "json_lookup.hpp"
#include "pt_catch.hpp"

using pt::test::json_number;
using pt::test::run_cli;
using pt::test::slurp;

namespace {

struct Disc {
  double cx;
  double cy;
  double radius;
};

// A dark disc on a lighter background, its edge anti-aliased by 4x4 supersampling so that the
// centre is known to a fraction of a pixel.
cv::Mat disc_image(const Disc& d) {
  cv::Mat m(120, 160, CV_8UC1);
  for (int y = 0; y < m.rows; ++y) {
    for (int x = 0; x < m.cols; ++x) {
      int inside = 0;
      for (int sy = 0; sy < 4; ++sy) {
        for (int sx = 0; sx < 4; ++sx) {
          const double dx = x - 0.375 + 0.25 * sx - d.cx;
          const double dy = y - 0.375 + 0.25 * sy - d.cy;
          inside += dx * dx + dy * dy < d.radius * d.radius ? 1 : 0;
        }
      }
      m.at<std::uint8_t>(y, x) = static_cast<std::uint8_t>(std::lround(130.0 - 100.0 * inside / 16.0));
    }
  }
  return m;
}

// Eight images, a mask beside each (excluded by --exclude), and truth with its columns shuffled.
void make_folder(const std::filesystem::path& dir) {
  std::filesystem::create_directories(dir / "images");
  std::string truth = "equiv_diameter_px,image,ellipse_cy,pupil_present,subject,ellipse_cx,eye,mask\n";
  for (int i = 0; i < 8; ++i) {
    const Disc d{60.0 + 5.3 * i, 50.0 + 2.7 * i, 14.0 + i};
    const std::string name = "7_Left_" + std::to_string(4 * i) + ".png";
    cv::imwrite((dir / "images" / name).string(), disc_image(d));
    cv::imwrite((dir / "images" / ("7_Left_" + std::to_string(4 * i) + "m.png")).string(), cv::Mat(120, 160, CV_8UC1, 0.0));
    truth += std::to_string(2.0 * d.radius) + ',' + name + ',' + std::to_string(d.cy) + ",1," +
             (i < 4 ? "7" : "8") + ',' + std::to_string(d.cx) + ",Left," + name + "m\n";
  }
  std::ofstream(dir / "gt.csv") << truth;
}

}  // namespace

TEST_CASE("eval with --canvas moves the truth with each placed frame, so the scores hold") {
  pt::test::ScratchDir dir("eval_canvas");
  make_folder(dir.path());
  const std::string base = "eval --input images --exclude '*m.png' --ground-truth gt.csv --quiet ";

  const auto plain = run_cli(base + "--json plain.json", dir.path());
  INFO(plain.output);
  REQUIRE(plain.exit_code == 0);
  // Frames jump about the canvas as no video would, so each is searched from scratch.
  const auto placed = run_cli(base + "--canvas 400x300 --canvas-seed 5 --independent-frames --json placed.json "
                                     "--csv placed.csv",
                              dir.path());
  INFO(placed.output);
  REQUIRE(placed.exit_code == 0);
  CHECK(placed.output.find("placed at random offsets on a 400x300 canvas (seed 5)") != std::string::npos);
  CHECK(placed.output.find("subject 7") != std::string::npos);  // two subjects: a breakdown
  CHECK(placed.output.find("subject 8") != std::string::npos);

  const std::string plain_json = slurp(dir.path() / "plain.json");
  const std::string placed_json = slurp(dir.path() / "placed.json");
  INFO(placed_json);
  CHECK(placed_json.find("\"canvas\": {\"width\": 400, \"height\": 300, \"seed\": 5}") != std::string::npos);
  CHECK(placed_json.find("\"subject\": \"8\"") != std::string::npos);
  CHECK(json_number(plain_json, "overall", "center_within_1px") == 1.0);
  CHECK(json_number(placed_json, "overall", "center_within_1px") == 1.0);
  CHECK(json_number(placed_json, "overall", "relative_within_5pct") == 1.0);
  // The trace is in canvas coordinates: the frames really moved.
  std::istringstream trace(slurp(dir.path() / "placed.csv"));
  std::string line;
  std::getline(trace, line);
  int moved = 0;
  for (int i = 0; std::getline(trace, line); ++i) {
    std::vector<std::string> fields;
    std::istringstream row(line);
    for (std::string f; std::getline(row, f, ',');) fields.push_back(f);
    REQUIRE(fields.size() > 7);
    REQUIRE(fields[4] == "1");
    moved += std::abs(std::stod(fields[6]) - (60.0 + 5.3 * i)) > 2.0 ? 1 : 0;
  }
  CHECK(moved >= 6);
}

TEST_CASE("eval on images: names that match no truth row, and a canvas smaller than the images, are refused") {
  pt::test::ScratchDir dir("eval_canvas_bad");
  make_folder(dir.path());
  std::ofstream(dir.path() / "other.csv") << "image,subject,eye,pupil_present,ellipse_cx,ellipse_cy,equiv_diameter_px\n"
                                             "3_Left_4.png,3,Left,1,100,100,40\n";
  const auto unmatched = run_cli("eval --input images --exclude '*m.png' --ground-truth other.csv --quiet", dir.path());
  INFO(unmatched.output);
  CHECK(unmatched.exit_code == 1);
  CHECK(unmatched.output.find("error: no frame of the input has a row in ground truth 'other.csv' (the input's "
                              "frame '7_Left_0.png' is not in its `image` column)") != std::string::npos);

  const auto small = run_cli("eval --input images --ground-truth gt.csv --canvas 100x100 --quiet", dir.path());
  INFO(small.output);
  CHECK(small.exit_code == 1);
  CHECK(small.output.find("error: canvas 100x100 is smaller than the 160x120 frames it should hold") != std::string::npos);
}
