#include "pt/ui/preset_actions.hpp"

#include <QFileDialog>
#include <QMenu>
#include <utility>

#include "pt/plugins/detector_param_schema.hpp"
#include "pt/ui/eye_region_controller.hpp"
#include "pt/ui/param_form.hpp"
#include "pt/ui/preset_file.hpp"

namespace pt::ui {
namespace {

const QString kFilter = QStringLiteral("pupiltrack presets (*.ini);;All files (*)");

}  // namespace

PresetActions::PresetActions(QMenu& menu, QWidget& dialog_parent, ParamForm& form, EyeRegionController& regions,
                             std::function<void(const QString&)> message, std::function<void(const QString&)> error)
    : QObject(&menu), dialog_parent_(dialog_parent), form_(form), regions_(regions), message_(std::move(message)),
      error_(std::move(error)) {
  menu.addAction(tr("&Save preset as…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S), this, &PresetActions::choose_save);
  menu.addAction(tr("&Load preset…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O), this, &PresetActions::choose_load);
}

void PresetActions::choose_save() {
  QString path = QFileDialog::getSaveFileName(&dialog_parent_, tr("Save preset"), QStringLiteral("preset.ini"), kFilter);
  if (path.isEmpty()) return;
  if (!path.contains(QLatin1Char('.'))) path += QStringLiteral(".ini");
  save(path);
}

void PresetActions::choose_load() {
  const QString path = QFileDialog::getOpenFileName(&dialog_parent_, tr("Load preset"), QString(), kFilter);
  if (!path.isEmpty()) load(path);
}

bool PresetActions::save(const QString& path) {
  try {
    save_preset(path, Preset{form_.values(), regions_.rects()});
    message_(tr("preset saved to %1").arg(path));
    return true;
  } catch (const PresetError& e) {
    error_(tr("preset not saved: %1").arg(QString::fromStdString(e.what())));
    return false;
  }
}

bool PresetActions::load(const QString& path) {
  Preset preset;
  try {
    preset = load_preset(path, plugins::detector_param_schema());
  } catch (const PresetError& e) {
    error_(tr("preset not loaded: %1").arg(QString::fromStdString(e.what())));
    return false;
  }
  form_.set_values(preset.detector);
  emit form_.changed();  // set_values is quiet, and whoever tracks applies the form on changed()
  if (!preset.regions.empty() && !regions_.replace(preset.regions)) {
    message_(tr("preset loaded; its eye regions do not fit this source, so the current ones stay"));
  } else {
    message_(tr("preset loaded from %1").arg(path));
  }
  return true;
}

}  // namespace pt::ui
