#include "pt/pupil/starburst.hpp"

#include <cmath>
#include <numbers>

#include "disc_image.hpp"
#include "pt/imgproc/gaussian_filter.hpp"
#include "pt/pupil/dark_blob_locator.hpp"
#include "pt_catch.hpp"

namespace {

pt::ImageU8 smoothed(const pt::ImageU8& img) {
  pt::ImageU8 out(img.width(), img.height());
  pt::GaussianFilter(5, 2.0).apply(img.view(), out.view());
  return out;
}

}  // namespace

TEST_CASE("a ray finds the disc border with sub-pixel accuracy from any direction") {
  const pt::test::DiscScene scene{80.37F, 61.71F, 27.3F};
  const pt::ImageU8 img = smoothed(pt::test::render_disc(160, 130, scene));
  for (int k = 0; k < 24; ++k) {
    const float ang = 2.0F * std::numbers::pi_v<float> * static_cast<float>(k) / 24.0F;
    const auto e = pt::find_edge_along_ray(img.view(), {}, {scene.cx + 3.0F, scene.cy - 2.0F}, std::cos(ang),
                                           std::sin(ang), 0.0F, 200.0F, 6.0F);
    CAPTURE(k);
    REQUIRE(e.has_value());
    CHECK(std::hypot(e->x - scene.cx, e->y - scene.cy) == Approx(scene.r).margin(0.25));
  }
}

TEST_CASE("a ray ignores steps inside reflections and finds nothing on a flat image") {
  const pt::test::DiscScene scene{50.0F, 50.0F, 20.0F};
  const pt::ImageU8 img = smoothed(pt::test::render_disc(100, 100, scene));
  pt::ImageU8 mask(100, 100, 0);
  for (int y = 45; y <= 55; ++y) {
    for (int x = 66; x <= 74; ++x) mask.at(x, y) = 255;  // the border along +x is "reflection"
  }
  const auto hidden = pt::find_edge_along_ray(img.view(), mask.view(), {50.0F, 50.0F}, 1.0F, 0.0F, 0.0F, 49.0F, 6.0F);
  CHECK_FALSE(hidden.has_value());
  const auto seen = pt::find_edge_along_ray(img.view(), {}, {50.0F, 50.0F}, 1.0F, 0.0F, 0.0F, 49.0F, 6.0F);
  REQUIRE(seen.has_value());
  CHECK(seen->x == Approx(70.0F).margin(0.25));
  const pt::ImageU8 flat(100, 100, 90);
  CHECK_FALSE(pt::find_edge_along_ray(flat.view(), {}, {50.0F, 50.0F}, 0.0F, 1.0F, 0.0F, 49.0F, 6.0F).has_value());
}

TEST_CASE("Starburst converges on the pupil from a seed off its centre") {
  const pt::test::DiscScene scene{140.6F, 96.2F, 31.0F, 25, 110, 6.0F, 9};
  const pt::ImageU8 img = smoothed(pt::test::render_disc(280, 200, scene));
  pt::DetectorParams params;
  pt::StarburstSearch search(params.ransac);
  for (const pt::Point2f seed : {pt::Point2f{150.0F, 80.0F}, pt::Point2f{125.0F, 110.0F}}) {
    const auto& out = search.run(img.view(), {}, seed, params);
    REQUIRE(out.fit.has_value());
    CHECK(std::hypot(out.fit->ellipse.cx - scene.cx, out.fit->ellipse.cy - scene.cy) < 0.15F);
    CHECK(out.fit->ellipse.equivalent_diameter() == Approx(2.0F * scene.r).margin(0.4));
    CHECK(out.iterations <= 3);
  }
}

TEST_CASE("the dark-blob locator lands inside the pupil wherever it is") {
  for (const auto& [x, y] : {std::pair{40.0F, 40.0F}, std::pair{250.0F, 170.0F}, std::pair{150.0F, 60.0F}}) {
    const pt::test::DiscScene scene{x, y, 18.0F, 30, 100, 20.0F, 3};
    const pt::ImageU8 img = pt::test::render_disc(300, 220, scene);
    pt::DarkBlobLocator locator;
    const pt::Point2f p = locator.locate(img.view(), 10.0F, 60.0F).front();
    CAPTURE(x, y, p.x, p.y);
    CHECK(std::hypot(p.x - x, p.y - y) < 0.5F * scene.r);
  }
}
