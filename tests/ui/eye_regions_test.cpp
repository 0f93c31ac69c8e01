// Eye regions drawn on the view reach the tracker without reopening the source and are kept for
// the next session until reset; Ctrl+click on a pupil makes its eye's tracker take that pupil.
#include <QAction>
#include <QSettings>
#include <QTest>
#include <cmath>

#include "pt/ui/main_window.hpp"
#include "pt/ui/tracking_worker.hpp"
#include "pt/ui/video_view.hpp"
#include "pt_catch.hpp"
#include "qt_test_app.hpp"
#include "test_sources.hpp"

namespace {

QPoint on_view(const pt::ui::VideoView& view, double x, double y) {
  return view.frame_to_widget().map(QPointF(x, y)).toPoint();
}

// A left-button drag on the view from one frame point to another.
void drag(pt::ui::VideoView& view, QPointF from, QPointF to, Qt::KeyboardModifiers modifiers = {}) {
  QTest::mousePress(&view, Qt::LeftButton, modifiers, on_view(view, from.x(), from.y()));
  QTest::mouseMove(&view, on_view(view, (from.x() + to.x()) / 2, (from.y() + to.y()) / 2));
  QTest::mouseRelease(&view, Qt::LeftButton, modifiers, on_view(view, to.x(), to.y()));
}

// Within the view's rounding to whole screen pixels (the view shows the frame scaled down).
bool about(const pt::RectI& r, const pt::RectI& expected) {
  return std::abs(r.x - expected.x) <= 2 && std::abs(r.y - expected.y) <= 2 && std::abs(r.w - expected.w) <= 3 &&
         std::abs(r.h - expected.h) <= 3;
}

// The newest frame on show was tracked with `region` as eye `eye`'s region.
bool shown_with(const pt::ui::MainWindow& w, std::size_t eye, const pt::RectI& region) {
  const auto& f = w.video().frame();
  return f && f->regions.size() > eye && f->regions[eye].rect == region && f->eyes.size() > eye &&
         region.contains(f->eyes[eye].searched);
}

}  // namespace

TEST_CASE("eye regions drawn on the view are tracked, kept and reset") {
  pt::test::qt_app();
  QSettings().clear();
  pt::RectI left_drawn;
  pt::RectI right_drawn;
  std::vector<pt::EyeRegion> defaults;
  {
    pt::ui::MainWindow window(pt::test::test_services());
    window.resize(1000, 800);
    window.show();
    REQUIRE(window.open_source(QStringLiteral("synthetic")));
    REQUIRE(pt::test::wait_until([&] { return window.video().frame().has_value(); }, 5000));
    defaults = window.worker()->regions();
    const pt::ui::TrackingWorker* worker = window.worker();

    QAction* draw = pt::test::action_named(window, QStringLiteral("&Draw eye regions"));
    REQUIRE(draw != nullptr);
    drag(window.video(), {40, 30}, {300, 230});  // not in region mode: draws nothing
    CHECK(window.worker()->regions()[0].rect == defaults[0].rect);

    draw->setChecked(true);
    CHECK(window.video().region_mode());
    drag(window.video(), {300, 230}, {40, 30});  // any direction
    left_drawn = window.worker()->regions()[0].rect;
    CHECK(about(left_drawn, {40, 30, 260, 200}));
    CHECK(window.worker()->regions()[1].rect == defaults[1].rect);
    drag(window.video(), {350, 20}, {620, 250}, Qt::ShiftModifier);
    right_drawn = window.worker()->regions()[1].rect;
    CHECK(about(right_drawn, {350, 20, 270, 230}));
    CHECK(window.worker()->regions()[0].rect == left_drawn);
    drag(window.video(), {100, 100}, {105, 104});  // a slip of the hand: no region
    CHECK(window.worker()->regions()[0].rect == left_drawn);

    // The same worker, hence the same source, tracks with them.
    CHECK(window.worker() == worker);
    CHECK(pt::test::wait_until([&] { return shown_with(window, 0, left_drawn) && shown_with(window, 1, right_drawn); }, 5000));
    window.close();  // as the user quits
  }
  {
    pt::ui::MainWindow window(pt::test::test_services());
    REQUIRE(window.open_source(QStringLiteral("synthetic")));
    CHECK(window.worker()->regions()[0].rect == left_drawn);
    CHECK(window.worker()->regions()[1].rect == right_drawn);
    // Another kind of source does not take them.
    REQUIRE(window.open_source(QStringLiteral("two discs")));
    CHECK(window.worker()->regions()[0].rect == pt::RectI{0, 0, pt::test::kDiscsWidth, pt::test::kDiscsHeight});
    REQUIRE(window.open_source(QStringLiteral("synthetic")));

    QAction* reset = pt::test::action_named(window, QStringLiteral("Reset eye &regions"));
    REQUIRE(reset != nullptr);
    reset->trigger();
    CHECK(window.worker()->regions()[0].rect == defaults[0].rect);
    CHECK(window.worker()->regions()[1].rect == defaults[1].rect);
    window.close();
  }
  pt::ui::MainWindow window(pt::test::test_services());
  REQUIRE(window.open_source(QStringLiteral("synthetic")));
  CHECK(window.worker()->regions()[0].rect == defaults[0].rect);
}

TEST_CASE("Ctrl+click on a pupil makes the tracker take it") {
  pt::test::qt_app();
  QSettings().clear();
  pt::ui::MainWindow window(pt::test::test_services());
  window.resize(1000, 800);
  window.show();
  REQUIRE(window.open_source(QStringLiteral("two discs")));
  const auto near = [&](const pt::test::Disc& d) {
    const auto& f = window.video().frame();
    if (!f || f->eyes.empty() || !f->eyes[0].detected) return false;
    return std::hypot(f->eyes[0].ellipse.cx - d.cx, f->eyes[0].ellipse.cy - d.cy) < 2.0;
  };
  // Left alone, the tracker takes the darker disc, and stays with it.
  REQUIRE(pt::test::wait_until([&] { return near(pt::test::kDarkerDisc); }, 5000));

  pt::ui::VideoView& view = window.video();
  QTest::mouseClick(&view, Qt::LeftButton, Qt::NoModifier, on_view(view, pt::test::kPalerDisc.cx, pt::test::kPalerDisc.cy));
  QTest::qWait(300);
  CHECK(near(pt::test::kDarkerDisc));  // a plain click points at nothing

  QTest::mouseClick(&view, Qt::LeftButton, Qt::ControlModifier,
                    on_view(view, pt::test::kPalerDisc.cx + 4, pt::test::kPalerDisc.cy - 3));
  CHECK(pt::test::wait_until([&] { return near(pt::test::kPalerDisc); }, 5000));
  QTest::qWait(300);
  CHECK(near(pt::test::kPalerDisc));  // and follows it from then on
}
