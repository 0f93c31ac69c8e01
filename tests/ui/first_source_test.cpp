// The window's first source (--source, or the previous session's): one that cannot be opened is
// named in the window while the synthetic camera tracks instead. (Cameras given at start: see
// camera_test.cpp.)
#include "gui/first_source.hpp"
#include "pt/ui/tracking_worker.hpp"
#include "pt_catch.hpp"
#include "qt_test_app.hpp"
#include "test_sources.hpp"

TEST_CASE("a first source that cannot be opened is named and the synthetic camera tracks") {
  pt::test::qt_app();
  pt::ui::MainWindow window(pt::test::test_services());
  pt::gui::open_first_source(window, QStringLiteral("/no/such/video.avi"));
  REQUIRE(window.worker() != nullptr);
  CHECK(window.worker()->live());
  CHECK(window.error_text().contains(QStringLiteral("/no/such/video.avi")));
  CHECK(window.error_text().contains(QStringLiteral("tracking the synthetic camera instead")));
  CHECK(pt::test::wait_until([&] { return window.worker()->counters().frames_tracked > 10; }, 5000));
}
