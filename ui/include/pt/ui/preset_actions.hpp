#pragma once
// The Presets menu: the detector's parameters and the eye regions saved to a named file, and
// loaded back. A file that cannot be read as a preset changes nothing and says why.
#include <QObject>
#include <QString>
#include <functional>

class QMenu;
class QWidget;

namespace pt::ui {

class EyeRegionController;
class ParamForm;

class PresetActions : public QObject {
  Q_OBJECT
 public:
  // `message` shows a passing line; `error` a lasting, non-modal one.
  PresetActions(QMenu& menu, QWidget& dialog_parent, ParamForm& form, EyeRegionController& regions,
                std::function<void(const QString&)> message, std::function<void(const QString&)> error);

  bool save(const QString& path);
  bool load(const QString& path);

 private:
  void choose_save();
  void choose_load();

  QWidget& dialog_parent_;
  ParamForm& form_;
  EyeRegionController& regions_;
  std::function<void(const QString&)> message_;
  std::function<void(const QString&)> error_;
};

}  // namespace pt::ui
