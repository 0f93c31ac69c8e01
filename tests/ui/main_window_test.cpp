// The main window on a small synthetic binocular camera: the plots fill, parameter changes reach
// the detector, and a source that cannot be opened leaves the running one alone.
#include <QAction>
#include <QComboBox>
#include <QSettings>

#include "pt/ui/main_window.hpp"
#include "pt/ui/param_form.hpp"
#include "pt/ui/trace_plot.hpp"
#include "pt/ui/tracking_worker.hpp"
#include "pt/ui/video_view.hpp"
#include "pt_catch.hpp"
#include "qt_test_app.hpp"
#include "test_sources.hpp"

namespace {

// A pupil on show in the newest frame, drawn after `after_index`.
bool shows_pupil_after(const pt::ui::MainWindow& w, std::uint64_t after_index,
                       const std::function<bool(const pt::PupilMeasurement&)>& check) {
  const auto& frame = w.video().frame();
  if (!frame || frame->index <= after_index) return false;
  for (const pt::PupilMeasurement& m : frame->eyes) {
    if (m.detected && check(m)) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("the main window tracks the synthetic camera into its plots") {
  pt::test::qt_app();
  QSettings().clear();
  pt::ui::MainWindow window(pt::test::test_services());
  window.resize(1000, 800);
  window.show();
  REQUIRE(window.open_source(QStringLiteral("synthetic")));

  REQUIRE(pt::test::wait_until([&] { return window.history().eyes() == 2 && window.history().latest_t() > 1.0; }, 8000));
  for (int eye = 0; eye < 2; ++eye) {
    const auto& samples = window.history().eye(eye);
    const auto detected = std::count_if(samples.begin(), samples.end(), [](const auto& s) { return s.detected; });
    CHECK(detected > static_cast<long>(samples.size() / 2));
  }
  window.grab();  // paints every plot now
  for (const pt::ui::TracePlot* plot : window.plots()) CHECK(plot->points_drawn() > 50);
  REQUIRE(window.video().frame().has_value());
  CHECK(window.video().frame()->pixels.width() == 640);
  CHECK(window.worker()->counters().frames_tracked > 100);
}

TEST_CASE("a detector parameter changed in the panel reaches the detector") {
  pt::test::qt_app();
  QSettings().clear();
  pt::ui::MainWindow window(pt::test::test_services());
  window.show();
  REQUIRE(window.open_source(QStringLiteral("synthetic")));
  // The synthetic pupils look elliptical off-axis, so the ellipse fit gives unequal axes.
  REQUIRE(pt::test::wait_until(
      [&] { return shows_pupil_after(window, 0, [](const auto& m) { return m.ellipse.a > m.ellipse.b * 1.01F; }); },
      8000));

  auto* fit = window.detector_form().findChild<QComboBox*>(QStringLiteral("fit"));
  REQUIRE(fit != nullptr);
  fit->setCurrentIndex(0);  // circle
  CHECK(window.worker()->params().fit == pt::FitModel::Circle);
  const std::uint64_t changed_at = window.video().frame()->index + 50;
  // Later frames carry circles: both axes equal.
  CHECK(pt::test::wait_until(
      [&] { return shows_pupil_after(window, changed_at, [](const auto& m) { return m.ellipse.a == m.ellipse.b; }); },
      8000));
  CHECK_FALSE(shows_pupil_after(window, changed_at, [](const auto& m) { return m.ellipse.a != m.ellipse.b; }));
}

TEST_CASE("a source that cannot be opened shows an error and the running one goes on") {
  pt::test::qt_app();
  pt::ui::MainWindow window(pt::test::test_services());
  REQUIRE(window.open_source(QStringLiteral("synthetic")));
  const pt::ui::TrackingWorker* running = window.worker();
  CHECK_FALSE(window.open_source(QStringLiteral("/no/such/video.avi")));
  CHECK(window.worker() == running);
  CHECK(window.error_text().contains(QStringLiteral("no such input")));
  const std::uint64_t before = running->counters().frames_tracked;
  CHECK(pt::test::wait_until([&] { return running->counters().frames_tracked > before + 20; }, 5000));
}

TEST_CASE("the reflections overlay brings the corneal reflections of the frames on show") {
  pt::test::qt_app();
  QSettings().clear();
  pt::ui::MainWindow window(pt::test::test_services());
  REQUIRE(window.open_source(QStringLiteral("synthetic")));
  REQUIRE(pt::test::wait_until([&] { return window.video().frame().has_value(); }, 5000));
  CHECK(window.video().frame()->reflection_mask.empty());  // not computed while the overlay is off

  QAction* toggle = pt::test::action_named(window, QStringLiteral("Corneal reflections"));
  REQUIRE(toggle != nullptr);
  toggle->setChecked(true);
  CHECK(window.video().overlays().reflections);
  REQUIRE(pt::test::wait_until([&] { return !window.video().frame()->reflection_mask.empty(); }, 5000));
  // The synthetic camera renders a half ring of LED reflections on each iris.
  const pt::ImageU8& mask = window.video().frame()->reflection_mask;
  const auto marked = std::count_if(mask.data(), mask.data() + mask.width() * mask.height(), [](auto v) { return v != 0; });
  CHECK(marked > 20);
  CHECK(marked < mask.width() * mask.height() / 50);
}
