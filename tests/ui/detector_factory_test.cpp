// The window tracks on the detectors of MainWindowServices::make_detector (the CPU's or a CUDA
// device's, as the application chose), says in the status bar which one and why, and shows a
// detector that cannot be made as an error.
#include <QLabel>
#include <QSettings>
#include <QSpinBox>
#include <QStatusBar>
#include <atomic>
#include <memory>
#include <stdexcept>

#include "pt/ui/main_window.hpp"
#include "pt/ui/param_form.hpp"
#include "pt/ui/tracking_worker.hpp"
#include "pt_catch.hpp"
#include "qt_test_app.hpp"
#include "test_sources.hpp"

TEST_CASE("the window's detectors come from its factory, named in the status bar") {
  pt::test::qt_app();
  QSettings().clear();
  pt::ui::MainWindowServices services = pt::test::test_services();
  auto made = std::make_shared<std::atomic<int>>(0);
  services.make_detector = [made](const pt::DetectorParams& params, std::size_t eyes, int /*stretches*/) {
    ++*made;
    return pt::make_cpu_detector(params, static_cast<int>(eyes));
  };
  services.backend_reason = QStringLiteral("test: a factory of its own");
  pt::ui::MainWindow window(std::move(services));
  REQUIRE(window.open_source(QStringLiteral("synthetic")));
  REQUIRE(pt::test::wait_until([&] { return window.worker()->counters().frames_tracked > 5; }, 5000));
  CHECK(*made == 1);

  const auto* backend = window.statusBar()->findChild<QLabel*>(QStringLiteral("backend"));
  REQUIRE(backend != nullptr);
  CHECK(pt::test::wait_until(
      [&] { return backend->toolTip() == QStringLiteral("cpu (2 threads) — test: a factory of its own"); }, 3000));
  CHECK(backend->text().startsWith(QStringLiteral("cpu (2 threads)")));

  // New parameters restart the detector through the factory.
  auto* rays = window.detector_form().findChild<QSpinBox*>(QStringLiteral("rays"));
  REQUIRE(rays != nullptr);
  rays->setValue(rays->value() + 4);
  CHECK(pt::test::wait_until([&] { return *made == 2; }, 5000));
}

TEST_CASE("a detector that cannot be made shows as the window's error") {
  pt::test::qt_app();
  QSettings().clear();
  pt::ui::MainWindowServices services = pt::test::test_services();
  services.make_detector = [](const pt::DetectorParams&, std::size_t, int) -> std::unique_ptr<pt::PupilDetector> {
    throw std::runtime_error("--backend cuda: the device is gone");
  };
  pt::ui::MainWindow window(std::move(services));
  REQUIRE(window.open_source(QStringLiteral("synthetic")));
  CHECK(pt::test::wait_until(
      [&] { return window.error_text().contains(QStringLiteral("--backend cuda: the device is gone")); }, 5000));
  CHECK(window.worker()->counters().finished);
}
