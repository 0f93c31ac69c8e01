// Thresholding-and-labeling and Canny-Hough searches on discs with exact geometry.
#include <cmath>
#include <cstdio>

#include "pt/pupil/canny_hough_search.hpp"
#include "pt/pupil/threshold_labeling_search.hpp"
#include "pt_catch.hpp"
#include "search_scenes.hpp"

namespace {

double centre_error(const pt::PupilMeasurement& m, const pt::test::DiscScene& d) {
  return std::hypot(m.ellipse.cx - d.cx, m.ellipse.cy - d.cy);
}

}  // namespace

TEST_CASE("both searches find a disc pupil within 0.3 px and its size within 0.5 px despite noise, a glint and a lash") {
  const auto algorithm = GENERATE(pt::Algorithm::ThresholdLabeling, pt::Algorithm::CannyHough);
  const auto fit = GENERATE(pt::FitModel::Circle, pt::FitModel::Ellipse);
  pt::DetectorParams params;
  params.algorithm = algorithm;
  params.fit = fit;
  for (const auto& scene : pt::test::disturbed_discs()) {
    const pt::PupilMeasurement m = pt::test::measure_once(scene.image, params);
    std::printf("%s, %s fit, %s: centre error %.3f px, diameter %.2f px (true %.2f)\n",
                algorithm == pt::Algorithm::ThresholdLabeling ? "thresholding and labeling" : "Canny and Hough",
                fit == pt::FitModel::Circle ? "circle" : "ellipse", scene.name.c_str(), centre_error(m, scene.disc),
                m.ellipse.equivalent_diameter(), 2.0F * scene.disc.r);
    CAPTURE(scene.name);
    REQUIRE(m.detected);
    CHECK(centre_error(m, scene.disc) < 0.3);
    CHECK(m.ellipse.equivalent_diameter() == Approx(2.0F * scene.disc.r).margin(0.5));
  }
}

TEST_CASE("the paper's full-circle Hough voting finds the disc as the gradient voting does") {
  const auto scene = pt::test::disturbed_discs().front();
  pt::DetectorParams params;
  params.algorithm = pt::Algorithm::CannyHough;
  params.canny_hough.voting = pt::HoughVoting::FullCircle;
  // Each radius costs a full accumulator pass: a narrow range keeps the test quick.
  params.starburst.min_radius_px = 20.0F;
  params.starburst.max_radius_px = 45.0F;
  const pt::PupilMeasurement m = pt::test::measure_once(scene.image, params);
  REQUIRE(m.detected);
  CHECK(centre_error(m, scene.disc) < 0.3);
  CHECK(m.ellipse.equivalent_diameter() == Approx(2.0F * scene.disc.r).margin(0.5));
}

TEST_CASE("thresholding and labeling counts its levels up from the darkest grey and stops past white") {
  pt::DetectorParams params;
  params.threshold_labeling = {10, 90, 20};
  pt::ThresholdLabelingSearch search(params.ransac);
  pt::ImageU8 img(120, 90, 200);
  img.at(3, 4) = 100;
  CHECK(search.run(img.view(), {}, {60.0F, 45.0F}, params).iterations == 5);  // 110, 130, 150, 170, 190
  const pt::ImageU8 bright(120, 90, 200);
  const auto& none = search.run(bright.view(), {}, {60.0F, 45.0F}, params);
  CHECK(none.iterations == 3);  // 210, 230, 250
  CHECK_FALSE(none.fit.has_value());
  CHECK(none.edges.empty());
}

TEST_CASE("thresholding and labeling finds a grey pupil only 15 levels darker than its surroundings") {
  // Far from black, as under weak illumination: levels that start at black would never part it
  // from the iris.
  const pt::test::DiscScene disc{70.6F, 52.3F, 18.0F, 160, 175, 2.0F, 3};
  pt::DetectorParams params;
  params.algorithm = pt::Algorithm::ThresholdLabeling;
  const pt::PupilMeasurement m = pt::test::measure_once(pt::test::render_disc(140, 110, disc), params);
  REQUIRE(m.detected);
  CHECK(centre_error(m, disc) < 0.3);
  CHECK(m.ellipse.equivalent_diameter() == Approx(2.0F * disc.r).margin(0.5));
}

TEST_CASE("thresholding and labeling fits the blob border off reflections and flags its inliers") {
  const pt::test::DiscScene disc{60.3F, 44.8F, 20.0F, 25, 110, 0.0F, 1};
  const pt::ImageU8 img = pt::test::render_disc(120, 90, disc);
  pt::ImageU8 mask(120, 90, 0);
  for (int y = 30; y < 60; ++y) {
    for (int x = 75; x < 90; ++x) mask.at(x, y) = 255;  // the border on the +x side is "reflection"
  }
  pt::DetectorParams params;
  pt::ThresholdLabelingSearch search(params.ransac);
  const auto& out = search.run(img.view(), mask.view(), {60.0F, 45.0F}, params);
  REQUIRE(out.fit.has_value());
  CHECK(std::hypot(out.fit->ellipse.cx - disc.cx, out.fit->ellipse.cy - disc.cy) < 0.2);
  REQUIRE(out.inlier.size() == out.edges.size());
  // Pixels left of the mask may move up to 1.5 px toward the level crossing, not further.
  for (const pt::Point2f& p : out.edges) CHECK_FALSE((p.x > 76.0F && p.y > 29.5F && p.y < 59.5F));
}

TEST_CASE("Canny-Hough finds nothing on a flat image and a circle of edges near the disc border") {
  pt::DetectorParams params;
  pt::CannyHoughSearch search;
  const pt::ImageU8 flat(100, 80, 90);
  CHECK_FALSE(search.run(flat.view(), {}, {50.0F, 40.0F}, params).fit.has_value());
  const pt::test::DiscScene disc{50.4F, 39.7F, 17.0F, 25, 110, 0.0F, 1};
  const auto& out = search.run(pt::test::render_disc(100, 80, disc).view(), {}, {50.0F, 40.0F}, params);
  REQUIRE(out.fit.has_value());
  REQUIRE(out.edges.size() == out.inlier.size());
  for (const pt::Point2f& p : out.edges) CHECK(std::abs(std::hypot(p.x - disc.cx, p.y - disc.cy) - disc.r) < 2.5F);
}
