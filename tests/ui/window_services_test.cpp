// The desktop application opens sources through the command line's input code: the synthetic
// camera with two eye regions, an image folder with one, and a clear error for a missing path;
// it tracks on the backend the command line's --backend would choose.
#include <QDir>
#include <QImage>
#include <QTemporaryDir>
#include <stdexcept>
#include <vector>

#include "cli/backend_report.hpp"
#include "gui/window_services.hpp"
#include "pt_catch.hpp"
#include "qt_test_app.hpp"

TEST_CASE("the window's sources open as on the command line") {
  pt::test::qt_app();
  const pt::plugins::AlgorithmRegistry registry;
  const pt::ui::MainWindowServices services = pt::gui::window_services(registry);
  CHECK(services.registry == &registry);
  CHECK(services.backend_reason.startsWith(QStringLiteral("auto: ")));

  const pt::ui::OpenedSource synthetic = services.open_source(QStringLiteral("synthetic"));
  REQUIRE(synthetic.regions.size() == 2);
  CHECK(synthetic.live);
  CHECK(synthetic.regions[0].rect.w == synthetic.source->width() / 2);

#if defined(PT_HAVE_OPENCV)  // files are read through OpenCV
  QTemporaryDir folder;
  REQUIRE(folder.isValid());
  QImage eye(120, 90, QImage::Format_Grayscale8);
  eye.fill(100);
  for (int i = 0; i < 3; ++i) REQUIRE(eye.save(QDir(folder.path()).filePath(QStringLiteral("eye%1.png").arg(i))));
  const pt::ui::OpenedSource images = services.open_source(folder.path());
  REQUIRE(images.regions.size() == 1);
  CHECK_FALSE(images.live);
  CHECK(images.regions[0].rect == pt::RectI{0, 0, 120, 90});
  CHECK(images.source->frame_count() == 3);
#endif

  CHECK_THROWS_AS(services.open_source(QStringLiteral("/no/such/recording.avi")), std::exception);
}

TEST_CASE("the window tracks on the backend asked for, as the command line would") {
  pt::test::qt_app();
  const pt::plugins::AlgorithmRegistry registry;
  const pt::DetectorParams params;

  const pt::ui::MainWindowServices cpu = pt::gui::window_services(registry, "cpu");
  CHECK(cpu.backend_reason.startsWith(QStringLiteral("cpu: ")));
  CHECK(cpu.make_detector(params, 2, 1)->backend() == pt::Backend::Cpu);

  // auto: CUDA exactly when the command line would take it.
  const pt::ui::MainWindowServices automatic = pt::gui::window_services(registry, "auto");
  const pt::cli::BackendDecision decision = pt::cli::decide_backend("auto");
  CHECK(automatic.backend_reason == QString::fromStdString(decision.why));
  CHECK(automatic.make_detector(params, 2, 1)->backend() == decision.backend);
  // An export's stretches: as many as the command line's rule gives the backend, each detector
  // on that backend.
  const std::vector<pt::EyeRegion> regions{{pt::EyeSide::Left, {0, 0, 640, 1024}}, {pt::EyeSide::Right, {640, 0, 640, 1024}}};
  const int stretches = automatic.export_stretches(params, regions);
  CHECK(stretches == pt::cli::replay_stretches(decision.backend, params, regions));
  CHECK(automatic.make_detector(params, 2, stretches)->backend() == decision.backend);

  CHECK_THROWS_AS(pt::gui::window_services(registry, "gpu"), std::invalid_argument);
  if (decision.backend == pt::Backend::Cpu) {  // no usable device: cuda is refused, not quietly the CPU
    CHECK_THROWS_WITH(pt::gui::window_services(registry, "cuda"), Catch::Matchers::StartsWith("--backend cuda: "));
  } else {
    CHECK(pt::gui::window_services(registry, "cuda").make_detector(params, 2, 1)->backend() == pt::Backend::Cuda);
  }
}
