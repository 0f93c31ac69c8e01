#include "pt/eval/ground_truth.hpp"

#include <stdexcept>

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
