#include "pt/eval/ground_truth.hpp"

#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "pt_catch.hpp"
#include "truth_files.hpp"

using pt::test::itmo_row;
using pt::test::kItmoHeader;
using pt::test::read_truth_text;

namespace {

// The message of the error reading `text` throws, or "" when it reads.
std::string read_error(const pt::test::TempDir& dir, const std::string& text) {
  try {
    (void)read_truth_text(dir, text);
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return {};
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("ITMO ground truth: one row per image, quoted names, presence from pupil_present") {
  pt::test::TempDir dir;
  const pt::GroundTruth truth = read_truth_text(
      dir, std::string(kItmoHeader) + "\r\n" + itmo_row("3_Left_4.png", "3", true, 100.314, 101.207, 38.365) +
               itmo_row("odd, \"name\".png", "13", false, 0, 0, 0));
  REQUIRE(truth.rows.size() == 2);
  const pt::TruthRow& first = truth.rows[0];
  CHECK(first.image == "3_Left_4.png");
  CHECK(first.subject == "3");
  CHECK(first.eye == "Left");
  CHECK(first.pupil_present);
  CHECK(first.openness == pt::EyeOpenness::Invalid);
  CHECK(first.pupil_visible());
  CHECK(first.center_x_px == Approx(100.314));
  CHECK(first.center_y_px == Approx(101.207));
  CHECK(first.diameter_px == Approx(38.365));
  CHECK(first.line == 2);
  CHECK(truth.rows[1].image == "odd, \"name\".png");
  CHECK_FALSE(truth.rows[1].pupil_visible());
  CHECK_FALSE(truth.has_openness());
}

TEST_CASE("synthetic ground truth: openness decides visibility, columns in any order, empty geometry when closed") {
  pt::test::TempDir dir;
  const pt::GroundTruth truth = read_truth_text(
      dir,
      "visible_fraction,openness,equiv_diameter_px,eye,ellipse_cy,image,subject,pupil_present,ellipse_cx\n"
      "1.000,open,40.5,left,200.25,synthetic#0,synthetic-seed3,1,100.5\n"
      "0.400,partial,38,right,210,synthetic#0,synthetic-seed3,1,500\n"
      "\n"
      "0.000,closed,,left,,synthetic#1,synthetic-seed3,0,\n");
  REQUIRE(truth.rows.size() == 3);
  CHECK(truth.has_openness());
  CHECK(truth.rows[0].image == "synthetic#0");
  CHECK(truth.rows[0].eye == "left");
  CHECK(truth.rows[0].openness == pt::EyeOpenness::Open);
  CHECK(truth.rows[0].center_x_px == Approx(100.5));
  CHECK(truth.rows[0].center_y_px == Approx(200.25));
  CHECK(truth.rows[0].diameter_px == Approx(40.5));
  CHECK(truth.rows[1].openness == pt::EyeOpenness::Partial);
  CHECK(truth.rows[1].pupil_visible());
  CHECK(truth.rows[2].openness == pt::EyeOpenness::Closed);
  CHECK_FALSE(truth.rows[2].pupil_visible());
  CHECK(truth.rows[2].line == 5);
}

TEST_CASE("ground truth errors name the file, and the line and column where they apply") {
  pt::test::TempDir dir;
  const std::string path = (dir / "gt.csv").string();
  const std::string good_row = itmo_row("a.png", "3", true, 10, 10, 20);

  SECTION("a missing column") {
    const std::string message = read_error(dir, "image,subject,eye,pupil_present,ellipse_cx,ellipse_cy\n");
    CHECK(contains(message, path));
    CHECK(contains(message, "has no column 'equiv_diameter_px'"));
  }
  SECTION("an unknown column") {
    const std::string message = read_error(dir, std::string(kItmoHeader) + ",pupil_colour\n");
    CHECK(contains(message, path));
    CHECK(contains(message, "unknown column 'pupil_colour'"));
  }
  SECTION("a column twice") {
    CHECK(contains(read_error(dir, std::string(kItmoHeader) + ",image\n"), "column 'image' twice"));
  }
  SECTION("a value that is not a number") {
    const std::string message = read_error(dir, "image,subject,eye,pupil_present,ellipse_cx,ellipse_cy,equiv_diameter_px\n"
                                                "a.png,3,Left,1,10,ten,20\n");
    CHECK(contains(message, path + "' line 2, column 'ellipse_cy': 'ten' is not a number"));
  }
  SECTION("geometry missing for a visible pupil") {
    CHECK(contains(read_error(dir, "image,subject,eye,pupil_present,ellipse_cx,ellipse_cy,equiv_diameter_px\n"
                                   "a.png,3,Left,1,10,10,\n"),
                   "column 'equiv_diameter_px': '' is not a number"));
  }
  SECTION("a row with too few fields") {
    CHECK(contains(read_error(dir, std::string(kItmoHeader) + "\n" + good_row + "b.png,x\n"), "line 3 has 2 fields"));
  }
  SECTION("pupil_present that is not 0 or 1") {
    CHECK(contains(read_error(dir, "image,subject,eye,pupil_present,ellipse_cx,ellipse_cy,equiv_diameter_px\n"
                                   "a.png,3,Left,yes,10,10,20\n"),
                   "'yes' is not 0 or 1"));
  }
  SECTION("a quote left open") {
    CHECK(contains(read_error(dir, std::string(kItmoHeader) + "\n\"a.png,3\n"), "line 2: a quoted field is never closed"));
  }
  SECTION("an empty file") { CHECK(contains(read_error(dir, ""), "is empty")); }
  SECTION("no such file") {
    std::string message;
    try {
      (void)pt::read_ground_truth(dir / "missing.csv");
    } catch (const std::runtime_error& e) {
      message = e.what();
    }
    CHECK(contains(message, "cannot read ground truth '" + (dir / "missing.csv").string() + "'"));
  }
}

TEST_CASE("binocular video ground truth: a row per eye of each video frame, named by the frame") {
  pt::test::TempDir dir;
  const pt::GroundTruth truth = read_truth_text(
      dir,
      "video_frame,source_frame,L_cx,L_cy,L_w,L_h,L_angle,R_cx_in_video,R_cy,R_w,R_h,R_angle\n"
      "0,1,101.856,96.397,31.554,34.753,84.123,305.024,95.828,30.037,33.316,112.222\n"
      "7,12,100.5,101.25,36,49,0,,,,,\n");
  CHECK(truth.keyed_by_frame);
  REQUIRE(truth.rows.size() == 4);
  const pt::TruthRow& left = truth.rows[0];
  CHECK(left.image == pt::video_frame_key(0));
  CHECK(left.eye == "left");
  CHECK(left.subject == "gt");
  CHECK(left.pupil_present);
  CHECK(left.center_x_px == Approx(101.856));
  CHECK(left.center_y_px == Approx(96.397));
  CHECK(left.diameter_px == Approx(std::sqrt(31.554 * 34.753)));
  CHECK(left.line == 2);
  const pt::TruthRow& right = truth.rows[1];
  CHECK(right.image == pt::video_frame_key(0));
  CHECK(right.eye == "right");
  CHECK(right.center_x_px == Approx(305.024));  // already in the video's pixels
  CHECK(right.diameter_px == Approx(std::sqrt(30.037 * 33.316)));
  CHECK(truth.rows[2].image == pt::video_frame_key(7));
  CHECK(truth.rows[2].diameter_px == Approx(42.0));  // sqrt(36 * 49)
  CHECK(truth.rows[3].eye == "right");
  CHECK_FALSE(truth.rows[3].pupil_visible());  // no values: no pupil in that eye
  CHECK(pt::video_frame_key(7) != pt::video_frame_key(0));
}

TEST_CASE("binocular video ground truth errors name the file, the line and the column") {
  pt::test::TempDir dir;
  const std::string header = "video_frame,L_cx,L_cy,L_w,L_h,R_cx_in_video,R_cy,R_w,R_h\n";
  struct Case {
    const char* what;
    std::string text;
    std::vector<std::string> said;
  };
  const Case cases[] = {
      {"a missing column", "video_frame,L_cx,L_cy,L_w,L_h,R_cx_in_video,R_cy,R_w\n0,1,1,1,1,1,1,1\n",
       {"gt.csv' has no column 'R_h'"}},
      {"an unknown column", "video_frame,L_cx,L_cy,L_w,L_h,R_cx,R_cy,R_w,R_h\n",
       {"unknown column 'R_cx'", "R_cx_in_video"}},
      {"a frame that is not a number", header + "-1,1,1,1,1,1,1,1,1\n",
       {"line 2, column 'video_frame': '-1' is not a frame number"}},
      {"an eye with only some of its values", header + "0,1,1,1,1,5,5,,\n",
       {"line 2 gives only 2 of the 4 values of the right eye"}},
      {"an axis that is not positive", header + "0,1,1,0,1,5,5,5,5\n", {"line 2, column 'L_w': '0' must be positive"}},
      {"a value that is not a number", header + "0,1,x,1,1,5,5,5,5\n", {"column 'L_cy': 'x' is not a number"}},
      {"a line of the wrong width", header + "0,1,1,1,1,5,5,5\n", {"line 2 has 8 fields, the header 9"}},
  };
  for (const Case& c : cases) {
    CAPTURE(c.what);
    const std::string message = read_error(dir, c.text);
    for (const std::string& part : c.said) CHECK(contains(message, part));
  }
}
