#include "pt/ui/preset_file.hpp"

#include <QFileInfo>
#include <QSettings>
#include <algorithm>

#include "pt/ui/region_settings.hpp"
#include "pt/ui/settings_values.hpp"

namespace pt::ui {
namespace {

const QString kFormatKey = QStringLiteral("preset/format");
const QString kFormat = QStringLiteral("pupiltrack detector preset 1");
const QString kDetector = QStringLiteral("detector");
const QString kRegions = QStringLiteral("regions");

[[noreturn]] void refuse(const QString& path, const QString& why) {
  throw PresetError(QStringLiteral("%1: %2").arg(QFileInfo(path).fileName(), why).toStdString());
}

}  // namespace

void save_preset(const QString& path, const Preset& preset) {
  QSettings file(path, QSettings::IniFormat);
  file.clear();
  file.setValue(kFormatKey, kFormat);
  write_params(file, kDetector, preset.detector);
  if (!preset.regions.empty()) write_rects(file, kRegions, preset.regions);
  file.sync();
  if (file.status() != QSettings::NoError) refuse(path, QStringLiteral("cannot be written"));
}

Preset load_preset(const QString& path, const plugins::ParamSchema& schema) {
  if (!QFileInfo(path).isReadable()) refuse(path, QStringLiteral("cannot be read"));
  QSettings file(path, QSettings::IniFormat);
  if (file.status() != QSettings::NoError || file.value(kFormatKey).toString() != kFormat) {
    refuse(path, QStringLiteral("is not a pupiltrack preset"));
  }
  Preset preset;
  preset.detector = read_params(file, kDetector, schema);
  // read_params leaves out what it does not understand; here that is a fault of the file.
  file.beginGroup(kDetector);
  const QStringList keys = file.childKeys();
  file.endGroup();
  for (const QString& key : keys) {
    if (!preset.detector.contains(key.toStdString())) {
      const auto spec = std::find_if(schema.begin(), schema.end(), [&](const auto& s) { return s.key == key.toStdString(); });
      if (spec == schema.end()) refuse(path, QStringLiteral("unknown parameter %1").arg(key));
      refuse(path, spec->kind == plugins::ParamKind::Bool
                       ? QStringLiteral("the value of %1 is not true, false, 1 or 0").arg(key)
                       : QStringLiteral("the value of %1 is not a number in its range").arg(key));
    }
  }
  if (file.contains(kRegions + QStringLiteral("/count"))) {
    auto regions = read_rects(file, kRegions);
    if (!regions) refuse(path, QStringLiteral("its eye regions are not x,y,w,h"));
    preset.regions = std::move(*regions);
  }
  return preset;
}

}  // namespace pt::ui
