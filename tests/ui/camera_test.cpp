// Cameras in the window, without any network but loopback: Aravis' in-process fake camera and its
// GigE Vision simulator on 127.0.0.1 (never a discovery broadcast). The camera dock shows what
// the camera took, applies new settings, names a refused one, and shows a lost camera coming back.
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QListWidget>
#include <QSettings>
#include <QSpinBox>
#include <QStatusBar>

#include "../camera/gige_simulator.hpp"
#include "gui/camera_dialog.hpp"
#include "gui/camera_dock.hpp"
#include "gui/first_source.hpp"
#include "gui/window_services.hpp"
#include "pt/ui/main_window.hpp"
#include "pt/ui/tracking_worker.hpp"
#include "pt/ui/video_view.hpp"
#include "pt_catch.hpp"
#include "qt_test_app.hpp"
#include "test_data.hpp"

std::string pt::test::skip_reason() {
  if (!gige_simulator_binary().empty()) return {};
  return "arv-fake-gv-camera-0.8 not found on PATH (Debian/Ubuntu package aravis-tools)";
}

namespace {

// The worker tracking now (a camera reopens off the GUI thread) has tracked `frames` frames.
bool tracked(const pt::ui::MainWindow& window, std::uint64_t frames) {
  return pt::test::wait_until(
      [&] { return window.worker() != nullptr && window.worker()->counters().frames_tracked >= frames; }, 8000);
}

template <typename Field>
Field& field(const pt::gui::CameraDock& dock, const char* name) {
  auto* f = dock.findChild<Field*>(QLatin1String(name));
  REQUIRE(f != nullptr);
  return *f;
}

}  // namespace

TEST_CASE("the camera dialog offers the fake camera and takes an address") {
  pt::test::qt_app();
  pt::gui::CameraDialog dialog;
  CHECK(dialog.camera_id().isEmpty());
  auto* list = dialog.findChild<QListWidget*>();
  REQUIRE(list != nullptr);
  REQUIRE(list->count() == 1);  // no search until asked for
  list->setCurrentRow(0);
  CHECK(dialog.camera_id() == QStringLiteral("Fake_1"));
  dialog.id_field().setText(QStringLiteral(" 127.0.0.1 "));
  CHECK(dialog.camera_id() == QStringLiteral("127.0.0.1"));
}

TEST_CASE("the camera dock shows what the camera took and applies new settings") {
  pt::test::qt_app();
  QSettings().clear();
  const pt::plugins::AlgorithmRegistry registry;
  pt::ui::MainWindow window(pt::gui::window_services(registry));
  window.show();
  REQUIRE(window.open_source(QStringLiteral("camera:Fake_1")));
  auto* dock = window.findChild<pt::gui::CameraDock*>();
  REQUIRE(dock != nullptr);
  REQUIRE(pt::test::wait_until([&] { return dock->isVisible(); }, 3000));
  CHECK(dock->state_text() == QStringLiteral("streaming"));
  CHECK(tracked(window, 20));
  const int width = window.worker()->regions()[1].rect.x + window.worker()->regions()[1].rect.w;
  CHECK(field<QSpinBox>(*dock, "region_width").value() == width);

  field<QDoubleSpinBox>(*dock, "exposure").setValue(3000.0);
  field<QDoubleSpinBox>(*dock, "fps").setValue(150.0);
  field<QSpinBox>(*dock, "region_x").setValue(16);
  field<QSpinBox>(*dock, "region_width").setValue(320);
  field<QSpinBox>(*dock, "region_height").setValue(240);
  dock->apply();
  CHECK(dock->message_text().isEmpty());
  // Read back from the camera: the form shows what it took, and frames come in the new size.
  REQUIRE(pt::test::wait_until([&] { return window.video().frame() && window.video().frame()->pixels.width() == 320; }, 5000));
  CHECK(window.video().frame()->pixels.height() == 240);
  CHECK(field<QDoubleSpinBox>(*dock, "exposure").value() == Approx(3000.0));
  CHECK(field<QDoubleSpinBox>(*dock, "fps").value() == Approx(150.0).epsilon(0.01));
  CHECK(field<QSpinBox>(*dock, "region_x").value() == 16);
  CHECK(window.worker()->regions()[1].rect.x + window.worker()->regions()[1].rect.w == 320);

  // A frame rate the camera cannot give is refused by name, and the camera carries on as it was.
  field<QDoubleSpinBox>(*dock, "fps").setValue(5000.0);
  dock->apply();
  CHECK(pt::test::wait_until(
      [&] { return dock->message_text().contains(QStringLiteral("frame rate (fps) 5000 is outside")); }, 5000));
  CHECK(tracked(window, 20));
  CHECK(pt::test::wait_until([&] { return field<QDoubleSpinBox>(*dock, "fps").value() < 151.0; }, 3000));
  CHECK(window.video().frame()->pixels.width() == 320);

  REQUIRE(window.open_source(QStringLiteral("synthetic")));
  CHECK(pt::test::wait_until([&] { return !dock->isVisible(); }, 3000));
}

TEST_CASE("a camera that goes away shows as lost and tracks again when it is back") {
  pt::test::qt_app();
  QSettings().clear();
  pt::test::GigeSimulator simulator;
  const pt::plugins::AlgorithmRegistry registry;
  pt::ui::MainWindow window(pt::gui::window_services(registry));
  window.show();
  REQUIRE(window.open_source(QStringLiteral("camera:") + QLatin1String(pt::test::GigeSimulator::kAddress)));
  auto* dock = window.findChild<pt::gui::CameraDock*>();
  REQUIRE(dock != nullptr);
  REQUIRE(tracked(window, 10));

  simulator.kill();
  REQUIRE(pt::test::wait_until([&] { return dock->state_text().contains(QStringLiteral("lost")); }, 20000));
  CHECK(window.error_text().startsWith(QStringLiteral("camera lost, reconnecting: ")));
  // No message lies over the rates for as long as the camera is away.
  CHECK(pt::test::wait_until([&] { return window.statusBar()->currentMessage().isEmpty(); }, 6000));
  CHECK(window.error_text().startsWith(QStringLiteral("camera lost")));
  CHECK_FALSE(window.worker()->counters().finished);  // still waiting for it

  simulator.start();
  const std::uint64_t before = window.worker()->counters().frames_tracked;
  CHECK(pt::test::wait_until([&] { return dock->state_text() == QStringLiteral("streaming"); }, 30000));
  CHECK(window.error_text().isEmpty());
  CHECK(tracked(window, before + 10));
}

TEST_CASE("a camera given at start opens off the GUI thread") {
  pt::test::qt_app();
  QSettings().clear();
  const pt::plugins::AlgorithmRegistry registry;
  pt::ui::MainWindow window(pt::gui::window_services(registry, "cpu"));
  window.show();
  pt::gui::open_first_source(window, QStringLiteral("camera:Fake_1"));
  CHECK(window.worker() == nullptr);  // the window went on while the camera opened
  CHECK(tracked(window, 10));
  CHECK(window.worker()->live());
  CHECK(window.error_text().isEmpty());
}
