// The desktop application opens sources through the command line's input code: the synthetic
// camera with two eye regions, an image folder with one, and a clear error for a missing path.
#include <QDir>
#include <QImage>
#include <QTemporaryDir>

#include "gui/window_services.hpp"
#include "pt_catch.hpp"
#include "qt_test_app.hpp"

TEST_CASE("the window's sources open as on the command line") {
  pt::test::qt_app();
  const pt::plugins::AlgorithmRegistry registry;
  const pt::ui::MainWindowServices services = pt::gui::window_services(registry);
  CHECK(services.registry == &registry);
  CHECK_FALSE(services.cpu_reason.isEmpty());

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
