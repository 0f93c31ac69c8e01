#pragma once
#include <QString>

#include "pt/ui/main_window.hpp"

namespace pt::gui {

// Opens the window's first source (--source, or the one of the previous session): a camera off
// the GUI thread as Source > Camera… does, anything else at once. When it cannot be opened the
// window shows why and tracks the synthetic camera instead.
void open_first_source(ui::MainWindow& window, const QString& input);

}  // namespace pt::gui
