#include "pt/eval/evaluation_sink.hpp"

#include <stdexcept>

#include "pt_catch.hpp"
#include "truth_files.hpp"

using pt::test::itmo_row;
using pt::test::kItmoHeader;
using pt::test::read_truth_text;

namespace {

pt::PupilMeasurement found(pt::EyeSide eye, float cx, float cy, float diameter) {
  pt::PupilMeasurement m;
  m.eye = eye;
  m.detected = true;
  m.ellipse = {cx, cy, 0.5F * diameter, 0.5F * diameter, 0.0F};
  return m;
}

pt::PupilMeasurement missed(pt::EyeSide eye) {
  pt::PupilMeasurement m;
  m.eye = eye;
  return m;
}

pt::TrackedFrame tracked(const std::string& source, std::vector<pt::PupilMeasurement> eyes) {
  pt::TrackedFrame t;
  t.frame.info().source = source;
  t.eyes = std::move(eyes);
  return t;
}

}  // namespace

TEST_CASE("one truth row per image joins on the image alone, whatever eye the truth names") {
  pt::test::TempDir dir;
  pt::EvaluationSink sink(read_truth_text(dir, std::string(kItmoHeader) + "\n" +
                                                   itmo_row("3_Left_4.png", "3", true, 100, 100, 40) +
                                                   itmo_row("3_Left_8.png", "3", true, 100, 100, 40) +
                                                   itmo_row("3_Left_12.png", "3", true, 100, 100, 40)));
  sink.on_frame(tracked("3_Left_4.png", {found(pt::EyeSide::Single, 100.5F, 100.0F, 40.0F)}));
  sink.on_frame(tracked("3_Left_8.png", {missed(pt::EyeSide::Single)}));
  sink.on_frame(tracked("3_Left_4m.png", {found(pt::EyeSide::Single, 100.0F, 100.0F, 40.0F)}));  // a mask: no truth
  const pt::EvaluationReport report = sink.report();
  CHECK(report.trace_rows == 3);
  CHECK(report.trace_rows_without_truth == 1);
  CHECK(report.first_source_without_truth == "3_Left_4m.png");
  CHECK(report.matched_rows() == 2);
  CHECK(report.truth_rows == 3);
  CHECK(report.truth_rows_not_reached == 1);
  CHECK(report.scores.overall.pupil_frames == 2);
  CHECK(report.scores.overall.detected == 1);
  CHECK(report.scores.overall.center_within[0] == 1);
}

TEST_CASE("a truth row per eye joins on image and eye; a placed frame's truth moves with it") {
  pt::test::TempDir dir;
  pt::EvaluationSink sink(read_truth_text(dir,
                                          "image,subject,eye,pupil_present,ellipse_cx,ellipse_cy,"
                                          "equiv_diameter_px,openness\n"
                                          "synthetic#0,s,left,1,100,100,40,open\n"
                                          "synthetic#0,s,right,1,300,100,30,open\n"
                                          "synthetic#1,s,left,1,100,100,40,open\n"
                                          "synthetic#1,s,right,1,300,100,30,open\n"));
  sink.on_frame(tracked("synthetic#0", {found(pt::EyeSide::Left, 100, 100, 40), found(pt::EyeSide::Right, 300, 100, 30)}));
  sink.shift_truth("synthetic#1", 7, -3);
  sink.on_frame(tracked("synthetic#1", {found(pt::EyeSide::Left, 107, 97, 40), found(pt::EyeSide::Right, 300, 100, 30)}));
  const pt::EvaluationReport report = sink.report();
  CHECK(report.matched_rows() == 4);
  CHECK(report.truth_rows_not_reached == 0);
  REQUIRE(report.scores.open);
  CHECK(report.scores.open->pupil_frames == 4);
  // The shifted left eye lands on its moved truth; the right eye, reported where the unshifted
  // truth was, is 7.6 px off.
  CHECK(report.scores.open->center_within[0] == 3);
  CHECK(report.scores.open->center_within[2] == 3);
}

TEST_CASE("two truth rows for the same image and eye are refused with both lines") {
  pt::test::TempDir dir;
  std::string message;
  try {
    pt::EvaluationSink sink(read_truth_text(dir,
                                            "image,subject,eye,pupil_present,ellipse_cx,ellipse_cy,equiv_diameter_px\n"
                                            "a.png,s,left,1,1,1,20\n"
                                            "a.png,s,right,1,1,1,20\n"
                                            "a.png,s,Left,1,1,1,20\n"));
  } catch (const std::runtime_error& e) {
    message = e.what();
  }
  CHECK(message.find("line 4 repeats image 'a.png' eye 'Left' of line 2") != std::string::npos);
}

TEST_CASE("truth keyed by frame joins on the frame's index and eye, whatever the input's name") {
  pt::test::TempDir dir;
  pt::EvaluationSink sink(read_truth_text(dir,
                                          "video_frame,L_cx,L_cy,L_w,L_h,R_cx_in_video,R_cy,R_w,R_h\n"
                                          "0,100,100,40,40,300,100,30,30\n"
                                          "2,100,100,40,40,300,100,30,30\n"));
  pt::TrackedFrame first = tracked("clip.avi#0", {found(pt::EyeSide::Left, 100, 100, 40), found(pt::EyeSide::Right, 300.5F, 100, 30)});
  first.frame.info().index = 0;
  sink.on_frame(first);
  pt::TrackedFrame second = tracked("clip.avi#1", {found(pt::EyeSide::Left, 100, 100, 40), missed(pt::EyeSide::Right)});
  second.frame.info().index = 1;  // no truth for frame 1
  sink.on_frame(second);
  pt::TrackedFrame third = tracked("clip.avi#2", {found(pt::EyeSide::Left, 110, 100, 40), missed(pt::EyeSide::Right)});
  third.frame.info().index = 2;
  sink.on_frame(third);
  const pt::EvaluationReport report = sink.report();
  CHECK(report.truth_key_column == "video_frame");
  CHECK(report.trace_rows == 6);
  CHECK(report.trace_rows_without_truth == 2);
  CHECK(report.first_source_without_truth == "clip.avi#1");
  CHECK(report.matched_rows() == 4);
  CHECK(report.truth_rows_not_reached == 0);
  CHECK(report.scores.overall.pupil_frames == 4);
  CHECK(report.scores.overall.detected == 3);
  CHECK(report.scores.overall.center_within[0] == 2);  // frame 0's eyes; frame 2's left is 10 px off
}
