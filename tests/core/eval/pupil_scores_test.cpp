#include "pt/eval/pupil_scores.hpp"

#include <vector>

#include "pt_catch.hpp"
#include "truth_files.hpp"

using pt::test::itmo_row;
using pt::test::kItmoHeader;
using pt::test::read_truth_text;

namespace {

pt::PupilScores score(const pt::GroundTruth& truth, const std::vector<std::optional<pt::DetectedPupil>>& detections) {
  REQUIRE(truth.rows.size() == detections.size());
  pt::PupilScorer scorer;
  for (std::size_t i = 0; i < truth.rows.size(); ++i) scorer.add(truth.rows[i], detections[i]);
  return scorer.scores();
}

}  // namespace

TEST_CASE("scores: detection rate, centre and relative criteria at their limits, diameter error, false detections") {
  pt::test::TempDir dir;
  // Subject A: six frames with a pupil of radius 20 at (100, 100). Subject B: one pupil, and two
  // frames with the eye closed.
  std::string text = std::string(kItmoHeader) + "\n";
  for (int i = 0; i < 6; ++i) text += itmo_row("a" + std::to_string(i) + ".png", "A", true, 100, 100, 40);
  text += itmo_row("b0.png", "B", true, 100, 100, 40);
  text += itmo_row("b1.png", "B", false, 0, 0, 0);
  text += itmo_row("b2.png", "B", false, 0, 0, 0);
  const pt::GroundTruth truth = read_truth_text(dir, text);

  const std::vector<std::optional<pt::DetectedPupil>> detections = {
      pt::DetectedPupil{100, 100, 40},    // exact
      pt::DetectedPupil{101, 100, 41},    // 1 px off, radius 0.5 off: 1/20 = exactly 5 %
      pt::DetectedPupil{100, 101.5, 42},  // 1.5 px: within 2 px; 1.5/20 = 7.5 %
      pt::DetectedPupil{100, 100, 44},    // radius 2 off: 2/20 = exactly 10 %
      pt::DetectedPupil{103, 104, 37},    // exactly 5 px off
      std::nullopt,                       // missed: a failure for every criterion
      pt::DetectedPupil{110, 100, 30},    // B: far off
      pt::DetectedPupil{50, 50, 30},      // B, eye closed: a false detection
      std::nullopt,                       // B, eye closed, nothing reported: right
  };
  const pt::PupilScores scores = score(truth, detections);

  const pt::ScoreSummary& all = scores.overall;
  CHECK(all.pupil_frames == 7);
  CHECK(all.detected == 6);
  CHECK(*all.detection_rate() == Approx(6.0 / 7.0));
  CHECK(all.center_within[0] == 3);  // within 1 px: exact, 1 px, radius-only
  CHECK(all.center_within[1] == 4);  // + 1.5 px
  CHECK(all.center_within[2] == 5);  // + 5 px
  CHECK(*all.center_within_share(0) == Approx(3.0 / 7.0));
  CHECK(*all.center_within_share(2) == Approx(5.0 / 7.0));
  CHECK(all.relative_within[0] == 2);  // exact, 1 px
  CHECK(all.relative_within[1] == 4);  // + 7.5 %, + radius 10 %
  CHECK(*all.relative_within_share(1) == Approx(4.0 / 7.0));
  // |diameter errors| of detections: 0, 1, 2, 4, 3, 10; median of six = (2 + 3) / 2.
  REQUIRE(all.median_abs_diameter_error_px);
  CHECK(*all.median_abs_diameter_error_px == Approx(2.5));
  CHECK(all.no_pupil_frames == 2);
  CHECK(all.false_detections == 1);
  CHECK(*all.false_detection_rate() == Approx(0.5));

  CHECK_FALSE(scores.open);  // the ITMO layout does not tell open from partly covered
  CHECK_FALSE(scores.partial);

  REQUIRE(scores.subjects.size() == 2);
  CHECK(scores.subjects[0].first == "A");
  const pt::ScoreSummary& a = scores.subjects[0].second;
  CHECK(a.pupil_frames == 6);
  CHECK(a.detected == 5);
  CHECK(a.center_within[0] == 3);
  CHECK(a.no_pupil_frames == 0);
  CHECK_FALSE(a.false_detection_rate());
  CHECK(*a.median_abs_diameter_error_px == Approx(2.0));  // 0, 1, 2, 4, 3
  CHECK(scores.subjects[1].first == "B");
  const pt::ScoreSummary& b = scores.subjects[1].second;
  CHECK(b.pupil_frames == 1);
  CHECK(b.detected == 1);
  CHECK(b.center_within[2] == 0);
  CHECK(b.relative_within[1] == 0);
  CHECK(*b.median_abs_diameter_error_px == Approx(10.0));
  CHECK(b.no_pupil_frames == 2);
  CHECK(b.false_detections == 1);
}

TEST_CASE("scores: synthetic truth counts open and partly covered pupils apart; closed eyes count only as no pupil") {
  pt::test::TempDir dir;
  const pt::GroundTruth truth = read_truth_text(dir,
                                                "image,subject,eye,pupil_present,ellipse_cx,ellipse_cy,"
                                                "equiv_diameter_px,openness,visible_fraction\n"
                                                "s#0,syn,left,1,50,50,20,open,1\n"
                                                "s#0,syn,right,1,150,50,20,partial,0.5\n"
                                                "s#1,syn,left,0,,,,closed,0\n");
  const pt::PupilScores scores =
      score(truth, {pt::DetectedPupil{50.5, 50, 20}, std::nullopt, pt::DetectedPupil{50, 50, 20}});
  CHECK(scores.overall.pupil_frames == 2);
  CHECK(scores.overall.detected == 1);
  CHECK(scores.overall.false_detections == 1);
  REQUIRE(scores.open);
  REQUIRE(scores.partial);
  CHECK(scores.open->pupil_frames == 1);
  CHECK(*scores.open->center_within_share(0) == Approx(1.0));
  CHECK(*scores.open->relative_within_share(0) == Approx(1.0));  // 0.5 / 10 = 5 %
  CHECK(scores.open->no_pupil_frames == 0);
  CHECK(scores.partial->pupil_frames == 1);
  CHECK(*scores.partial->detection_rate() == Approx(0.0));
  CHECK_FALSE(scores.partial->median_abs_diameter_error_px);
  CHECK(scores.subjects.size() == 1);
}

TEST_CASE("scores: nothing scored leaves every share empty rather than zero") {
  const pt::PupilScores scores = pt::PupilScorer().scores();
  CHECK(scores.overall.pupil_frames == 0);
  CHECK_FALSE(scores.overall.detection_rate());
  CHECK_FALSE(scores.overall.center_within_share(0));
  CHECK_FALSE(scores.overall.relative_within_share(1));
  CHECK_FALSE(scores.overall.median_abs_diameter_error_px);
  CHECK_FALSE(scores.overall.false_detection_rate());
  CHECK(scores.subjects.empty());
}
