#pragma once
// Every registered algorithm as a dock of the main window, so that a new panel needs a
// registration call only, never a change to the window.
#include <QList>
#include <functional>

#include "pt/image.hpp"
#include "pt/plugins/algorithm_registry.hpp"

class QDockWidget;
class QMainWindow;
class QMenu;

namespace pt::ui {

// Docks start hidden (tabbed on the right); `view_menu` gets an entry that shows each one.
QList<QDockWidget*> add_algorithm_panels(QMainWindow& window, QMenu& view_menu, const plugins::AlgorithmRegistry& registry,
                                         const std::function<ImageU8()>& current_frame);

}  // namespace pt::ui
