// Presets: the detector's parameters and the eye regions saved to a file come back as saved; a
// file that is not a whole, valid preset is refused with a message and changes nothing.
#include <QFile>
#include <QSettings>
#include <QTemporaryDir>
#include <functional>

#include "pt/plugins/detector_param_schema.hpp"
#include "pt/ui/eye_region_controller.hpp"
#include "pt/ui/main_window.hpp"
#include "pt/ui/param_form.hpp"
#include "pt/ui/preset_actions.hpp"
#include "pt/ui/preset_file.hpp"
#include "pt/ui/tracking_worker.hpp"
#include "pt_catch.hpp"
#include "qt_test_app.hpp"
#include "test_sources.hpp"

namespace {

void write_file(const QString& path, const QByteArray& bytes) {
  QFile f(path);
  REQUIRE(f.open(QIODevice::WriteOnly));
  f.write(bytes);
}

}  // namespace

TEST_CASE("a preset file keeps the detector's parameters and the eye regions") {
  pt::test::qt_app();
  const QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("narrow.ini"));
  const pt::plugins::ParamSchema schema = pt::plugins::detector_param_schema();
  pt::ui::Preset saved;
  saved.detector = pt::plugins::default_params(schema);
  saved.detector["rays"] = std::int64_t{24};
  saved.detector["fit"] = std::int64_t{0};
  saved.regions = {{10, 20, 200, 150}, {300, 25, 210, 140}};
  pt::ui::save_preset(path, saved);

  const pt::ui::Preset loaded = pt::ui::load_preset(path, schema);
  CHECK(loaded.detector == saved.detector);
  CHECK(loaded.regions == saved.regions);

  // Written by hand, a boolean may be 1 or 0 as well as true or false.
  for (const bool on : {true, false}) {
    QSettings(path, QSettings::IniFormat).setValue("detector/window", on ? "1" : "0");
    CHECK(std::get<bool>(pt::ui::load_preset(path, schema).detector.at("window")) == on);
  }
}

TEST_CASE("broken preset files are refused with the reason") {
  pt::test::qt_app();
  const QTemporaryDir dir;
  const pt::plugins::ParamSchema schema = pt::plugins::detector_param_schema();
  const QString path = dir.filePath(QStringLiteral("p.ini"));
  const auto why_refused = [&](const std::function<void(QSettings&)>& spoil) {
    pt::ui::save_preset(path, {pt::plugins::default_params(schema), {{0, 0, 100, 100}}});
    {
      QSettings file(path, QSettings::IniFormat);
      spoil(file);
    }
    try {
      (void)pt::ui::load_preset(path, schema);
    } catch (const pt::ui::PresetError& e) {
      return QString::fromUtf8(e.what());
    }
    return QString();
  };
  CHECK(why_refused([](QSettings&) {}).isEmpty());  // the file as saved loads
  CHECK(why_refused([](QSettings& f) { f.setValue("detector/rays", 9999); }) == "p.ini: the value of rays is not a number in its range");
  CHECK(why_refused([](QSettings& f) { f.setValue("detector/rays", "many"); }) == "p.ini: the value of rays is not a number in its range");
  CHECK(why_refused([](QSettings& f) { f.setValue("detector/rayz", 20); }) == "p.ini: unknown parameter rayz");
  // A boolean is true, false, 1 or 0: QVariant::toBool would take "yes" or "flase" for true.
  for (const char* text : {"true", "false", "1", "0"}) {
    CHECK(why_refused([text](QSettings& f) { f.setValue("detector/window", text); }).isEmpty());
  }
  for (const char* text : {"yes", "flase", "2", ""}) {
    CHECK(why_refused([text](QSettings& f) { f.setValue("detector/window", text); }) ==
          "p.ini: the value of window is not true, false, 1 or 0");
  }
  CHECK(why_refused([](QSettings& f) { f.setValue("regions/eye0", "1,2,3"); }).contains("eye regions"));
  CHECK(why_refused([](QSettings& f) { f.remove("preset"); }).contains("not a pupiltrack preset"));

  write_file(path, QByteArray("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16));
  CHECK_THROWS_AS(pt::ui::load_preset(path, schema), pt::ui::PresetError);
  CHECK_THROWS_AS(pt::ui::load_preset(dir.filePath(QStringLiteral("missing.ini")), schema), pt::ui::PresetError);
}

TEST_CASE("the window's presets round-trip and a corrupt one changes nothing") {
  pt::test::qt_app();
  QSettings().clear();
  const QTemporaryDir dir;
  pt::ui::MainWindow window(pt::test::test_services());
  REQUIRE(window.open_source(QStringLiteral("synthetic")));
  auto* presets = window.findChild<pt::ui::PresetActions*>();
  auto* regions = window.findChild<pt::ui::EyeRegionController*>();
  REQUIRE(presets != nullptr);
  REQUIRE(regions != nullptr);

  pt::plugins::ParamSet tuned = window.detector_form().values();
  tuned["rays"] = std::int64_t{40};
  window.detector_form().set_values(tuned);
  REQUIRE(regions->replace({{20, 10, 250, 230}, {340, 10, 280, 230}}));
  const QString path = dir.filePath(QStringLiteral("tuned.ini"));
  REQUIRE(presets->save(path));

  window.detector_form().reset_to_defaults();
  regions->reset();
  REQUIRE(window.detector_form().values() != tuned);
  REQUIRE(presets->load(path));
  CHECK(window.detector_form().values() == tuned);
  CHECK(window.worker()->params().starburst.rays == 40);
  CHECK(window.worker()->regions()[0].rect == pt::RectI{20, 10, 250, 230});
  CHECK(window.worker()->regions()[1].rect == pt::RectI{340, 10, 280, 230});

  const QString corrupt = dir.filePath(QStringLiteral("corrupt.ini"));
  write_file(corrupt, "[detector]\nrays=abc\n");
  window.detector_form().reset_to_defaults();
  const pt::plugins::ParamSet before = window.detector_form().values();
  CHECK_FALSE(presets->load(corrupt));
  CHECK(window.detector_form().values() == before);
  CHECK(window.worker()->regions()[0].rect == pt::RectI{20, 10, 250, 230});
  CHECK(window.error_text().contains(QStringLiteral("corrupt.ini")));
  CHECK(window.error_text().contains(QStringLiteral("not a pupiltrack preset")));
}
