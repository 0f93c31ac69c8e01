#pragma once
// Parameter sets stored in QSettings under a group, one key per parameter.
#include <QSettings>
#include <QString>

#include "pt/plugins/param_schema.hpp"

namespace pt::ui {

void write_params(QSettings& settings, const QString& group, const plugins::ParamSet& params);
// Only the schema's keys, each converted to its kind; missing or unreadable keys are left out.
[[nodiscard]] plugins::ParamSet read_params(const QSettings& settings, const QString& group,
                                            const plugins::ParamSchema& schema);

}  // namespace pt::ui
