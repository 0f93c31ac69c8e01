#pragma once
// A form generated from a parameter schema: a spin box, check box or list per parameter, with
// its range and tooltip, and a button that restores the defaults.
#include <QWidget>
#include <functional>
#include <vector>

#include "pt/plugins/param_schema.hpp"

namespace pt::ui {

class ParamForm : public QWidget {
  Q_OBJECT
 public:
  explicit ParamForm(plugins::ParamSchema schema, QWidget* parent = nullptr);
  [[nodiscard]] plugins::ParamSet values() const;
  // Values for keys the schema does not have are ignored; missing keys keep their current value.
  void set_values(const plugins::ParamSet& values);
  void reset_to_defaults();

 signals:
  void changed();

 private:
  struct Field {
    plugins::ParamSpec spec;
    QWidget* editor = nullptr;
  };
  static QWidget* make_editor(const plugins::ParamSpec& spec);
  void connect_editor(const Field& field);
  static plugins::ParamValue read(const Field& field);
  static void write(const Field& field, const plugins::ParamValue& value);

  std::vector<Field> fields_;
};

}  // namespace pt::ui
