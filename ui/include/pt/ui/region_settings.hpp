#pragma once
// Eye regions in a settings file (the user's settings, or a preset): a count and one "x,y,w,h"
// entry per eye under a group.
#include <QSettings>
#include <QString>
#include <optional>
#include <vector>

#include "pt/geometry.hpp"

namespace pt::ui {

// "synthetic", "camera", "folder" or "video": regions are kept per kind of source, for sources
// of one kind tend to frame the eyes alike.
[[nodiscard]] QString source_kind(const QString& input);

void write_rects(QSettings& settings, const QString& group, const std::vector<RectI>& rects);

// The rectangles under `group`; nothing when there are none or any entry is malformed.
[[nodiscard]] std::optional<std::vector<RectI>> read_rects(const QSettings& settings, const QString& group);

}  // namespace pt::ui
