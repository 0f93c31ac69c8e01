// Export of a file's whole trace from the window: the same rows as `pupiltrack-cli track --csv`
// on the same video (both run the same core code); cancelled or failed, nothing under the name
// asked for.
#include <QFile>
#include <QTemporaryDir>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <sstream>
#include <thread>

#include "cli/track_command.hpp"
#include "gui/window_services.hpp"
#include "pt/ui/main_window.hpp"
#include "pt/ui/trace_export_control.hpp"
#include "pt/ui/video_view.hpp"
#include "pt_catch.hpp"
#include "qt_test_app.hpp"
#include "replay_video.hpp"

namespace {

// The rows without their last column: latency_us is how long each run's detector took.
std::vector<std::string> rows_without_latency(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::vector<std::string> rows;
  for (std::string line; std::getline(in, line);) rows.push_back(line.substr(0, line.rfind(',')));
  return rows;
}

// Frames that come slowly, and an error at frame `fail_at` when given.
class SlowSource final : public pt::FrameSource {
 public:
  explicit SlowSource(std::optional<std::uint64_t> fail_at) : fail_at_(fail_at) {}
  std::string describe() const override { return "slow"; }
  int width() const override { return 64; }
  int height() const override { return 48; }
  double nominal_fps() const override { return 0.0; }
  std::optional<std::int64_t> frame_count() const override { return 1000; }
  pt::ReadStatus read(pt::Frame& into) override {
    if (fail_at_ && next_ == *fail_at_) return pt::ReadStatus::Error;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    into.info().index = next_++;
    return pt::ReadStatus::Ok;
  }
  std::string error() const override { return "the slow source broke"; }

 private:
  std::optional<std::uint64_t> fail_at_;
  std::uint64_t next_ = 0;
};

pt::ui::TraceExportState wait_for(const pt::ui::TraceExportJob& job) {
  while (!job.state().done) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  return job.state();
}

std::unique_ptr<pt::PupilDetector> cpu_detector(const pt::DetectorParams& params, std::size_t /*eyes*/, int /*stretches*/) {
  return pt::make_cpu_detector(params);
}

pt::ui::TraceExportRequest slow_request(const std::filesystem::path& csv, std::optional<std::uint64_t> fail_at) {
  return {[fail_at] { return std::make_unique<SlowSource>(fail_at); }, {{pt::EyeSide::Single, {0, 0, 64, 48}}}, {}, csv,
          cpu_detector};
}

}  // namespace

TEST_CASE("the window exports a video's trace with the rows pupiltrack-cli track --csv writes") {
  pt::test::qt_app();
  QTemporaryDir dir;
  REQUIRE(dir.isValid());
  const std::filesystem::path folder = dir.path().toStdString();
  const std::filesystem::path video = folder / "eyes.avi";
  pt::test::write_synthetic_video(video, 40, 30.0);

  pt::cli::TrackOptions cli;
  cli.tracker.input.input = video.string();
  cli.tracker.backend = "cpu";
  cli.tracker.quiet = true;
  cli.csv = (folder / "cli.csv").string();
  REQUIRE(pt::cli::run_track(cli) == 0);

  const pt::plugins::AlgorithmRegistry registry;
  pt::ui::MainWindow window(pt::gui::window_services(registry, "cpu"));  // as the command line above
  REQUIRE(window.open_source(QString::fromStdString(video.string())));
  REQUIRE(pt::test::wait_until([&] { return window.video().frame().has_value(); }, 5000));
  auto* exporter = window.findChild<pt::ui::TraceExportControl*>();
  REQUIRE(exporter != nullptr);
  const std::filesystem::path exported = folder / "exported.csv";
  REQUIRE(exporter->export_to(QString::fromStdString(exported.string())));
  REQUIRE(pt::test::wait_until([&] { return !exporter->running(); }, 30000));
  CHECK(window.error_text().isEmpty());

  REQUIRE(std::filesystem::exists(exported));
  CHECK_FALSE(std::filesystem::exists(folder / "exported.csv.tmp"));
  const std::vector<std::string> rows = rows_without_latency(exported);
  CHECK(rows.size() == 1 + 40);
  CHECK(rows == rows_without_latency(cli.csv));
}

TEST_CASE("an export tracks a seekable file as the stretches its request asks for, each detector told their count") {
  QTemporaryDir dir;
  REQUIRE(dir.isValid());
  const std::filesystem::path folder = dir.path().toStdString();
  const std::filesystem::path video = folder / "eyes.avi";
  pt::test::write_synthetic_video(video, 40, 30.0);
  const pt::plugins::AlgorithmRegistry registry;
  const pt::ui::MainWindowServices services = pt::gui::window_services(registry, "cpu");

  std::mutex mutex;
  std::vector<int> asked;  // the stretch count each detector was made for
  const auto request = [&](std::function<std::unique_ptr<pt::FrameSource>()> open, std::vector<pt::EyeRegion> regions,
                           const char* name) {
    pt::ui::TraceExportRequest r{std::move(open), std::move(regions), {}, folder / name,
                                 [&](const pt::DetectorParams& params, std::size_t eyes, int stretches) {
                                   const std::lock_guard lock(mutex);
                                   asked.push_back(stretches);
                                   return pt::make_cpu_detector(params, static_cast<int>(eyes));
                                 },
                                 3};
    return r;
  };
  SECTION("a video: three stretches") {
    const auto open = [&] { return services.open_source(QString::fromStdString(video.string())).source; };
    pt::ui::TraceExportJob job(
        request(open, services.open_source(QString::fromStdString(video.string())).regions, "stretches.csv"));
    const pt::ui::TraceExportState s = wait_for(job);
    CHECK(s.error.empty());
    CHECK(s.rows == 40);
    CHECK(asked == std::vector<int>{3, 3, 3});
  }
  SECTION("a source that cannot seek: one pass") {
    // Its frames end in an error at the 20th, which ends the export sooner than its 1,000 would.
    pt::ui::TraceExportJob job(
        request([] { return std::make_unique<SlowSource>(20); }, {{pt::EyeSide::Single, {0, 0, 64, 48}}}, "one_pass.csv"));
    CHECK(wait_for(job).frames == 20);
    CHECK(asked == std::vector<int>{1});
  }
}

TEST_CASE("an export needs a file as the source") {
  pt::test::qt_app();
  QTemporaryDir dir;
  const pt::plugins::AlgorithmRegistry registry;
  pt::ui::MainWindow window(pt::gui::window_services(registry));
  REQUIRE(window.open_source(QStringLiteral("synthetic")));
  auto* exporter = window.findChild<pt::ui::TraceExportControl*>();
  REQUIRE(exporter != nullptr);
  CHECK_FALSE(exporter->export_to(dir.filePath(QStringLiteral("live.csv"))));
  CHECK(window.error_text().contains(QStringLiteral("export needs")));
  CHECK_FALSE(QFile::exists(dir.filePath(QStringLiteral("live.csv"))));
}

TEST_CASE("a cancelled or failed export leaves no file under its name, nor its partial file") {
  QTemporaryDir dir;
  REQUIRE(dir.isValid());
  const std::filesystem::path csv = std::filesystem::path(dir.path().toStdString()) / "trace.csv";
  std::filesystem::path partial = csv;
  partial += ".tmp";

  SECTION("cancelled halfway") {
    pt::ui::TraceExportJob job(slow_request(csv, std::nullopt));
    while (job.state().frames < 5) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    CHECK(std::filesystem::exists(partial));  // rows go to the partial file as they come
    CHECK_FALSE(std::filesystem::exists(csv));
    job.cancel();
    const pt::ui::TraceExportState s = wait_for(job);
    CHECK(s.cancelled);
    CHECK(s.error.empty());
  }
  SECTION("the source breaks") {
    pt::ui::TraceExportJob job(slow_request(csv, 8));
    const pt::ui::TraceExportState s = wait_for(job);
    CHECK_FALSE(s.cancelled);
    CHECK(s.error == "the slow source broke");
    CHECK(s.frames == 8);
  }
  SECTION("the source cannot be opened") {
    pt::ui::TraceExportJob job({[]() -> std::unique_ptr<pt::FrameSource> { throw std::runtime_error("no such video"); },
                                {}, {}, csv, cpu_detector});
    CHECK(wait_for(job).error == "no such video");
  }
  SECTION("the detector cannot be made") {
    pt::ui::TraceExportRequest request = slow_request(csv, std::nullopt);
    request.make_detector = [](const pt::DetectorParams&, std::size_t, int) -> std::unique_ptr<pt::PupilDetector> {
      throw std::runtime_error("--backend cuda: no usable CUDA device");
    };
    pt::ui::TraceExportJob job(std::move(request));
    CHECK(wait_for(job).error == "--backend cuda: no usable CUDA device");
  }
  SECTION("the folder cannot be written") {
    pt::ui::TraceExportJob job(slow_request(std::filesystem::path(dir.path().toStdString()) / "missing" / "trace.csv", 3));
    CHECK(wait_for(job).error.find("cannot write") != std::string::npos);
  }
  CHECK_FALSE(std::filesystem::exists(csv));
  CHECK_FALSE(std::filesystem::exists(partial));
}
