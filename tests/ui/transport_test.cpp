// The replay transport of the window on a video: pause, seek with the slider, step both ways,
// back to the start, play as fast as possible to the end; hidden for the live synthetic camera.
#include <QAction>
#include <QComboBox>
#include <QMenu>
#include <QMenuBar>
#include <QSlider>
#include <QTemporaryDir>
#include <QTest>

#include "gui/window_services.hpp"
#include "pt/ui/main_window.hpp"
#include "pt/ui/param_form.hpp"
#include "pt/ui/tracking_worker.hpp"
#include "pt/ui/transport_bar.hpp"
#include "pt/ui/video_view.hpp"
#include "pt_catch.hpp"
#include "qt_test_app.hpp"
#include "replay_video.hpp"

namespace {

constexpr int kFrames = 48;

std::optional<std::uint64_t> index_on_show(const pt::ui::MainWindow& w) {
  const auto& frame = w.video().frame();
  if (!frame) return std::nullopt;
  return frame->index;
}

bool shows(const pt::ui::MainWindow& w, std::uint64_t index) {
  return pt::test::wait_until([&] { return index_on_show(w) == index; }, 5000);
}

// A short synthetic video written for the test, beside the window's services.
struct VideoFixture {
  VideoFixture() {
    pt::test::qt_app();
    REQUIRE(dir.isValid());
    pt::test::write_synthetic_video(video.toStdString(), kFrames, 30.0);
  }
  QTemporaryDir dir;
  QString video = dir.filePath(QStringLiteral("eyes.avi"));
  pt::plugins::AlgorithmRegistry registry;
};

QMenu* menu_titled(const pt::ui::MainWindow& w, const QString& title) {
  for (QAction* a : w.menuBar()->actions()) {
    if (a->text() == title) return a->menu();
  }
  return nullptr;
}

}  // namespace

TEST_CASE("the transport pauses, seeks, steps and plays a video to its end") {
  const VideoFixture fixture;
  const QString& video = fixture.video;
  pt::ui::MainWindow window(pt::gui::window_services(fixture.registry));
  auto* bar = window.findChild<pt::ui::TransportBar*>();
  REQUIRE(bar != nullptr);
  QMenu* playback = menu_titled(window, QStringLiteral("&Playback"));
  REQUIRE(playback != nullptr);
  CHECK(playback->actions().contains(&bar->play_pause()));
  CHECK(bar->play_pause().shortcut() == QKeySequence(Qt::Key_Space));
  CHECK(bar->step_forward().shortcut() == QKeySequence(Qt::Key_Right));
  CHECK(bar->step_back().shortcut() == QKeySequence(Qt::Key_Left));
  CHECK(bar->to_start().shortcut() == QKeySequence(Qt::Key_Home));
  CHECK(bar->step_forward().toolTip().contains(QStringLiteral("Right")));

  REQUIRE(window.open_source(video));
  bar->refresh();
  CHECK(bar->isVisibleTo(&window));
  CHECK(bar->slider().isEnabled());
  CHECK(bar->slider().maximum() == kFrames - 1);

  bar->play_pause().trigger();
  REQUIRE(window.worker()->playback().paused());
  CHECK(bar->play_pause().text() == QStringLiteral("Play"));

  bar->slider().setValue(20);  // as a drag would
  CHECK(shows(window, 20));
  REQUIRE(pt::test::wait_until([&] { return window.worker()->position() == 21; }, 5000));
  bar->refresh();
  CHECK(bar->position_text().startsWith(QStringLiteral("20 / 48 · 0.67 s")));

  bar->step_forward().trigger();
  CHECK(shows(window, 21));
  bar->step_back().trigger();
  CHECK(shows(window, 20));
  bar->step_back().trigger();
  CHECK(shows(window, 19));
  QTest::qWait(200);  // paused: nothing moves on by itself
  CHECK(index_on_show(window) == 19u);
  CHECK(window.worker()->position() == 20);

  // New parameters while paused: the frame on show is tracked again, and nothing moves on.
  const std::uint64_t tracked = window.worker()->counters().frames_tracked;
  auto* fit = window.detector_form().findChild<QComboBox*>(QStringLiteral("fit"));
  REQUIRE(fit != nullptr);
  fit->setCurrentIndex(fit->currentIndex() == 0 ? 1 : 0);
  CHECK(pt::test::wait_until([&] { return window.worker()->counters().frames_tracked == tracked + 1; }, 5000));
  QTest::qWait(200);
  CHECK(window.worker()->counters().frames_tracked == tracked + 1);
  CHECK(index_on_show(window) == 19u);
  CHECK(window.worker()->position() == 20);

  bar->to_start().trigger();
  CHECK(shows(window, 0));

  bar->speed().setCurrentIndex(bar->speed().findData(0.0));  // as fast as possible
  bar->play_pause().trigger();
  CHECK_FALSE(window.worker()->playback().paused());
  REQUIRE(pt::test::wait_until([&] { return window.worker()->counters().finished; }, 10000));
  CHECK(shows(window, kFrames - 1));
  CHECK(window.worker()->counters().error.empty());
  CHECK(window.worker()->playback().paused());  // a replay waits at its end

  bar->to_start().trigger();  // and can go back
  CHECK(shows(window, 0));
  CHECK_FALSE(window.worker()->counters().finished);
}

TEST_CASE("the transport's keys work from the window") {
  const VideoFixture fixture;
  const QString& video = fixture.video;
  pt::ui::MainWindow window(pt::gui::window_services(fixture.registry));
  window.show();
  window.activateWindow();
  REQUIRE(QTest::qWaitForWindowActive(&window));
  REQUIRE(window.open_source(video));
  auto* bar = window.findChild<pt::ui::TransportBar*>();
  REQUIRE(bar != nullptr);
  REQUIRE(pt::test::wait_until([&] { return bar->play_pause().isEnabled(); }, 2000));  // the bar follows the new source
  QTest::keyClick(&window, Qt::Key_Space);
  CHECK(window.worker()->playback().paused());
  QTest::keyClick(&window, Qt::Key_Home);
  CHECK(shows(window, 0));
  QTest::keyClick(&window, Qt::Key_Right);
  CHECK(shows(window, 1));
  QTest::keyClick(&window, Qt::Key_Right);
  CHECK(shows(window, 2));
  QTest::keyClick(&window, Qt::Key_Left);
  CHECK(shows(window, 1));
  QTest::keyClick(&window, Qt::Key_Space);
  CHECK_FALSE(window.worker()->playback().paused());
}

TEST_CASE("the transport is hidden and its keys do nothing for the live synthetic camera") {
  pt::test::qt_app();
  const pt::plugins::AlgorithmRegistry registry;
  pt::ui::MainWindow window(pt::gui::window_services(registry));
  auto* bar = window.findChild<pt::ui::TransportBar*>();
  REQUIRE(bar != nullptr);
  REQUIRE(window.open_source(QStringLiteral("synthetic")));
  bar->refresh();
  CHECK_FALSE(bar->isVisibleTo(&window));
  CHECK_FALSE(bar->play_pause().isEnabled());
  CHECK_FALSE(bar->step_back().isEnabled());
  CHECK_FALSE(bar->to_start().isEnabled());
}
