#include "pt/ui/panel_host.hpp"

#include <QDockWidget>
#include <QMainWindow>
#include <QMenu>

#include "pt/ui/algorithm_panel.hpp"

namespace pt::ui {

QList<QDockWidget*> add_algorithm_panels(QMainWindow& window, QMenu& view_menu, const plugins::AlgorithmRegistry& registry,
                                         const std::function<ImageU8()>& current_frame) {
  QList<QDockWidget*> docks;
  for (const std::string& id : registry.ids()) {
    auto* panel = new AlgorithmPanel(registry.create(id), current_frame);
    auto* dock = new QDockWidget(panel->title(), &window);
    dock->setObjectName(QStringLiteral("panel_") + QString::fromStdString(id));  // for saveState()
    dock->setWidget(panel);
    window.addDockWidget(Qt::RightDockWidgetArea, dock);
    dock->hide();
    view_menu.addAction(dock->toggleViewAction());
    docks << dock;
  }
  return docks;
}

}  // namespace pt::ui
