#include "pt/ui/region_settings.hpp"

#include <QFileInfo>
#include <QStringList>

namespace pt::ui {
namespace {

QString key(const QString& group, std::size_t eye) { return group + QStringLiteral("/eye%1").arg(eye); }

std::optional<RectI> parse(const QString& text) {
  const QStringList parts = text.split(QLatin1Char(','));
  if (parts.size() != 4) return std::nullopt;
  int v[4] = {};
  for (int i = 0; i < 4; ++i) {
    bool ok = false;
    v[i] = parts[i].trimmed().toInt(&ok);
    if (!ok) return std::nullopt;
  }
  return RectI{v[0], v[1], v[2], v[3]};
}

}  // namespace

QString source_kind(const QString& input) {
  if (input == QStringLiteral("synthetic")) return input;
  if (input.startsWith(QStringLiteral("camera:"))) return QStringLiteral("camera");
  return QFileInfo(input).isDir() ? QStringLiteral("folder") : QStringLiteral("video");
}

void write_rects(QSettings& settings, const QString& group, const std::vector<RectI>& rects) {
  settings.remove(group);
  settings.setValue(group + QStringLiteral("/count"), static_cast<int>(rects.size()));
  for (std::size_t i = 0; i < rects.size(); ++i) {
    const RectI& r = rects[i];
    settings.setValue(key(group, i), QStringLiteral("%1,%2,%3,%4").arg(r.x).arg(r.y).arg(r.w).arg(r.h));
  }
}

std::optional<std::vector<RectI>> read_rects(const QSettings& settings, const QString& group) {
  bool ok = false;
  const int count = settings.value(group + QStringLiteral("/count")).toInt(&ok);
  if (!ok || count <= 0) return std::nullopt;
  std::vector<RectI> out;
  for (std::size_t i = 0; i < static_cast<std::size_t>(count); ++i) {
    const std::optional<RectI> r = parse(settings.value(key(group, i)).toString());
    if (!r) return std::nullopt;
    out.push_back(*r);
  }
  return out;
}

}  // namespace pt::ui
