// The Starburst overlay: with its View entry on, the frames on show carry each eye's border
// points in frame pixels, the fit's inliers on the pupil's border; off, they carry none.
#include <QAction>
#include <QSettings>
#include <cmath>

#include "pt/ui/main_window.hpp"
#include "pt/ui/video_view.hpp"
#include "pt_catch.hpp"
#include "qt_test_app.hpp"
#include "test_sources.hpp"

TEST_CASE("the search overlay brings each eye's border points for the frames on show") {
  pt::test::qt_app();
  QSettings().clear();
  pt::ui::MainWindow window(pt::test::test_services());
  REQUIRE(window.open_source(QStringLiteral("two discs")));
  REQUIRE(pt::test::wait_until([&] { return window.video().frame().has_value(); }, 5000));
  CHECK(window.video().frame()->searches.empty());

  QAction* toggle = pt::test::action_named(window, QStringLiteral("Starburst rays and edge points"));
  REQUIRE(toggle != nullptr);
  toggle->setChecked(true);
  CHECK(window.video().overlays().search);
  REQUIRE(pt::test::wait_until(
      [&] { return !window.video().frame()->searches.empty() && window.video().frame()->eyes[0].detected; }, 5000));

  const pt::ui::FrameSnapshot& f = *window.video().frame();
  const pt::ui::EyeSearchPoints& s = f.searches[0];
  REQUIRE(s.edges.size() == s.inlier.size());
  CHECK(static_cast<int>(s.edges.size()) == f.eyes[0].edge_points);
  int inliers = 0;
  for (std::size_t i = 0; i < s.edges.size(); ++i) {
    if (s.inlier[i] == 0) continue;
    ++inliers;
    const double r = std::hypot(s.edges[i].x - pt::test::kDarkerDisc.cx, s.edges[i].y - pt::test::kDarkerDisc.cy);
    CHECK(std::abs(r - pt::test::kDarkerDisc.r) < 2.0);
  }
  CHECK(inliers >= 8);
  window.grab();  // draws them

  toggle->setChecked(false);
  CHECK(pt::test::wait_until([&] { return window.video().frame()->searches.empty(); }, 5000));
}
