// Recording the live synthetic camera from the window for about a second: the status bar shows
// it going, and the recording replays with as many frames as were recorded, its pupil trace
// beside it; an unwritable folder is a visible error and tracking goes on.
#include <QAction>
#include <QTemporaryDir>
#include <QTest>
#include <filesystem>
#include <fstream>

#include "frame_reading.hpp"
#include "gui/window_services.hpp"
#include "pt/camera/recorded_session_source.hpp"
#include "pt/ui/main_window.hpp"
#include "pt/ui/recording_control.hpp"
#include "pt/ui/tracking_worker.hpp"
#include "pt_catch.hpp"
#include "qt_test_app.hpp"

namespace {

std::size_t lines_in(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::size_t n = 0;
  for (std::string line; std::getline(in, line);) ++n;
  return n;
}

}  // namespace

TEST_CASE("a second of the synthetic camera recorded from the window replays with every frame recorded") {
  pt::test::qt_app();
  QTemporaryDir dir;
  REQUIRE(dir.isValid());
  const std::filesystem::path folder = dir.path().toStdString();
  const pt::plugins::AlgorithmRegistry registry;
  pt::ui::MainWindow window(pt::gui::window_services(registry));
  REQUIRE(window.open_source(QStringLiteral("synthetic")));
  auto* control = window.findChild<pt::ui::RecordingControl*>();
  REQUIRE(control != nullptr);
  CHECK(control->action().shortcut() == QKeySequence(Qt::CTRL | Qt::Key_R));
  REQUIRE(pt::test::wait_until([&] { return window.worker()->counters().frames_tracked > 0; }, 5000));

  const std::filesystem::path video = folder / "session.mkv";
  REQUIRE(control->start_to(QString::fromStdString(video.string())));
  CHECK(control->recording());
  CHECK(control->action().text().contains(QStringLiteral("Stop")));
  QTest::qWait(1000);
  CHECK(control->status_text().contains(QStringLiteral("REC 0:0")));
  CHECK(control->status_text().contains(QStringLiteral("MB")));
  control->stop();
  CHECK_FALSE(control->recording());
  REQUIRE(pt::test::wait_until([&] { return !control->closing(); }, 20000));
  CHECK(window.error_text().isEmpty());

  REQUIRE(pt::camera::is_recorded_session(video));
  const std::size_t table_rows = lines_in(folder / "session.frames.csv") - 1;
  CHECK(table_rows >= 10);  // 30 frames a second, on a loaded machine fewer
  pt::camera::RecordedSessionSource replay(video);
  const pt::test::ReadOutcome frames = pt::test::read_all_frames(replay);
  CHECK(frames.last == pt::ReadStatus::EndOfStream);
  CHECK(frames.pixels.size() == table_rows);
  CHECK(replay.error().empty());
  // The pupil trace has the header and a row per eye per frame recorded.
  CHECK(lines_in(folder / "session.trace.csv") == 1 + 2 * table_rows);
  std::ifstream sidecar(folder / "session.json");
  const std::string json((std::istreambuf_iterator<char>(sidecar)), std::istreambuf_iterator<char>());
  CHECK(json.find("\"frames_recorded\": " + std::to_string(table_rows) + ",") != std::string::npos);
}

TEST_CASE("a recording that cannot start shows why, and tracking goes on") {
  pt::test::qt_app();
  QTemporaryDir dir;
  REQUIRE(dir.isValid());
  const pt::plugins::AlgorithmRegistry registry;
  pt::ui::MainWindow window(pt::gui::window_services(registry));
  REQUIRE(window.open_source(QStringLiteral("synthetic")));
  auto* control = window.findChild<pt::ui::RecordingControl*>();
  REQUIRE(control != nullptr);
  CHECK_FALSE(control->start_to(dir.filePath(QStringLiteral("no/such/folder/session.mkv"))));
  CHECK_FALSE(control->recording());
  CHECK(window.error_text().contains(QStringLiteral("cannot record")));
  const std::uint64_t before = window.worker()->counters().frames_tracked;
  CHECK(pt::test::wait_until([&] { return window.worker()->counters().frames_tracked > before + 5; }, 5000));
}

TEST_CASE("a recording whose disk fills up stops with a visible error and keeps what was written") {
  pt::test::qt_app();
  QTemporaryDir dir;
  REQUIRE(dir.isValid());
  const std::filesystem::path folder = dir.path().toStdString();
  // Every write of the pupil trace meets a full disk.
  std::error_code ec;
  std::filesystem::create_symlink("/dev/full", folder / "full.trace.csv", ec);
  if (ec) {
    WARN("cannot link to /dev/full, check skipped: " << ec.message());
    return;
  }
  const pt::plugins::AlgorithmRegistry registry;
  pt::ui::MainWindow window(pt::gui::window_services(registry));
  REQUIRE(window.open_source(QStringLiteral("synthetic")));
  auto* control = window.findChild<pt::ui::RecordingControl*>();
  REQUIRE(control != nullptr);
  REQUIRE(control->start_to(QString::fromStdString((folder / "full.mkv").string())));
  REQUIRE(pt::test::wait_until([&] { return !control->recording() && !control->closing(); }, 20000));
  CHECK(window.error_text().contains(QStringLiteral("recording stopped")));
  CHECK(window.error_text().contains(QStringLiteral("No space left")));
  CHECK(pt::camera::is_recorded_session(folder / "full.mkv"));  // the video and its table stay
  CHECK(std::filesystem::exists(folder / "full.json"));
  const std::uint64_t before = window.worker()->counters().frames_tracked;
  CHECK(pt::test::wait_until([&] { return window.worker()->counters().frames_tracked > before + 5; }, 5000));
}
