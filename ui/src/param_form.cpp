#include "pt/ui/param_form.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <cmath>

namespace pt::ui {

using plugins::ParamKind;
using plugins::ParamSpec;
using plugins::ParamValue;

ParamForm::ParamForm(plugins::ParamSchema schema, QWidget* parent) : QWidget(parent) {
  auto* layout = new QFormLayout(this);
  for (ParamSpec& spec : schema) {
    Field field{std::move(spec), nullptr};
    field.editor = make_editor(field.spec);
    field.editor->setToolTip(QString::fromStdString(field.spec.tooltip));
    field.editor->setObjectName(QString::fromStdString(field.spec.key));
    layout->addRow(QString::fromStdString(field.spec.label), field.editor);
    fields_.push_back(std::move(field));
  }
  reset_to_defaults();
  for (const Field& f : fields_) connect_editor(f);
  auto* reset = new QPushButton(tr("Reset to defaults"), this);
  reset->setObjectName(QStringLiteral("reset"));
  connect(reset, &QPushButton::clicked, this, [this] {
    reset_to_defaults();
    emit changed();
  });
  layout->addRow(reset);
}

QWidget* ParamForm::make_editor(const ParamSpec& spec) {
  switch (spec.kind) {
    case ParamKind::Int: {
      auto* box = new QSpinBox;
      box->setRange(static_cast<int>(spec.min), static_cast<int>(spec.max));
      box->setSingleStep(std::max(1, static_cast<int>(spec.step)));
      return box;
    }
    case ParamKind::Float: {
      auto* box = new QDoubleSpinBox;
      box->setRange(spec.min, spec.max);
      box->setSingleStep(spec.step > 0.0 ? spec.step : 0.1);
      box->setDecimals(spec.step > 0.0 && spec.step < 0.1 ? 3 : 2);
      return box;
    }
    case ParamKind::Bool: return new QCheckBox;
    case ParamKind::Enum: {
      auto* list = new QComboBox;
      for (const std::string& c : spec.choices) list->addItem(QString::fromStdString(c));
      return list;
    }
    case ParamKind::Invalid: break;
  }
  return new QWidget;
}

void ParamForm::connect_editor(const Field& f) {
  // Editing is applied when the user finishes (return, focus out, arrows), not per keystroke.
  if (auto* box = qobject_cast<QSpinBox*>(f.editor)) {
    box->setKeyboardTracking(false);
    connect(box, &QSpinBox::valueChanged, this, &ParamForm::changed);
  } else if (auto* dbox = qobject_cast<QDoubleSpinBox*>(f.editor)) {
    dbox->setKeyboardTracking(false);
    connect(dbox, &QDoubleSpinBox::valueChanged, this, &ParamForm::changed);
  } else if (auto* check = qobject_cast<QCheckBox*>(f.editor)) {
    connect(check, &QCheckBox::toggled, this, &ParamForm::changed);
  } else if (auto* list = qobject_cast<QComboBox*>(f.editor)) {
    connect(list, &QComboBox::currentIndexChanged, this, &ParamForm::changed);
  }
}

ParamValue ParamForm::read(const Field& f) {
  switch (f.spec.kind) {
    case ParamKind::Int: return std::int64_t{qobject_cast<QSpinBox*>(f.editor)->value()};
    case ParamKind::Float: return qobject_cast<QDoubleSpinBox*>(f.editor)->value();
    case ParamKind::Bool: return qobject_cast<QCheckBox*>(f.editor)->isChecked();
    case ParamKind::Enum: return std::int64_t{qobject_cast<QComboBox*>(f.editor)->currentIndex()};
    case ParamKind::Invalid: break;
  }
  return f.spec.fallback;
}

void ParamForm::write(const Field& f, const ParamValue& v) {
  const QSignalBlocker quiet(f.editor);
  switch (f.spec.kind) {
    case ParamKind::Int: qobject_cast<QSpinBox*>(f.editor)->setValue(static_cast<int>(std::get<std::int64_t>(v))); break;
    case ParamKind::Float: qobject_cast<QDoubleSpinBox*>(f.editor)->setValue(std::get<double>(v)); break;
    case ParamKind::Bool: qobject_cast<QCheckBox*>(f.editor)->setChecked(std::get<bool>(v)); break;
    case ParamKind::Enum:
      qobject_cast<QComboBox*>(f.editor)->setCurrentIndex(static_cast<int>(std::get<std::int64_t>(v)));
      break;
    case ParamKind::Invalid: break;
  }
}

plugins::ParamSet ParamForm::values() const {
  plugins::ParamSet out;
  for (const Field& f : fields_) out.emplace(f.spec.key, read(f));
  return out;
}

void ParamForm::set_values(const plugins::ParamSet& values) {
  for (const Field& f : fields_) {
    const auto it = values.find(f.spec.key);
    if (it != values.end() && it->second.index() == f.spec.fallback.index()) write(f, it->second);
  }
}

void ParamForm::reset_to_defaults() {
  for (const Field& f : fields_) write(f, f.spec.fallback);
}

}  // namespace pt::ui
