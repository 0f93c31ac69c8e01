#include "pt/ui/settings_values.hpp"

#include <optional>

namespace pt::ui {
namespace {

// QVariant::toBool takes any text but "false" and "0" for true: a typing slip would switch the
// parameter on. Only what write_params writes (and 1/0) counts as a boolean.
std::optional<bool> to_bool(const QVariant& v) {
  if (v.typeId() == QMetaType::Bool) return v.toBool();
  const QString text = v.toString();
  if (text == QLatin1String("true") || text == QLatin1String("1")) return true;
  if (text == QLatin1String("false") || text == QLatin1String("0")) return false;
  return std::nullopt;
}

}  // namespace

void write_params(QSettings& settings, const QString& group, const plugins::ParamSet& params) {
  for (const auto& [key, value] : params) {
    const QString name = group + QLatin1Char('/') + QString::fromStdString(key);
    // qlonglong rather than std::int64_t (long here), which QSettings would store as binary.
    if (const auto* n = std::get_if<std::int64_t>(&value)) {
      settings.setValue(name, static_cast<qlonglong>(*n));
    } else {
      std::visit([&](const auto& v) { settings.setValue(name, QVariant::fromValue(v)); }, value);
    }
  }
}

plugins::ParamSet read_params(const QSettings& settings, const QString& group, const plugins::ParamSchema& schema) {
  plugins::ParamSet out;
  for (const plugins::ParamSpec& spec : schema) {
    const QVariant v = settings.value(group + QLatin1Char('/') + QString::fromStdString(spec.key));
    if (!v.isValid()) continue;
    bool ok = true;
    switch (spec.kind) {
      case plugins::ParamKind::Int:
      case plugins::ParamKind::Enum: {
        const qlonglong n = v.toLongLong(&ok);
        if (ok && n >= static_cast<qlonglong>(spec.min) && n <= static_cast<qlonglong>(spec.max)) out.emplace(spec.key, std::int64_t{n});
        break;
      }
      case plugins::ParamKind::Float: {
        const double d = v.toDouble(&ok);
        if (ok && d >= spec.min && d <= spec.max) out.emplace(spec.key, d);
        break;
      }
      case plugins::ParamKind::Bool:
        if (const std::optional<bool> b = to_bool(v)) out.emplace(spec.key, *b);
        break;
      case plugins::ParamKind::Invalid: break;
    }
  }
  return out;
}

}  // namespace pt::ui
