// Every keyboard shortcut of the main window, with all it holds (panels, transport, recording,
// export, presets, cameras, eye regions), belongs to one action: Qt takes a key bound twice for
// neither, silently.
#include <QAction>
#include <QKeySequence>
#include <QSettings>
#include <map>

#include "gui/algorithms.hpp"
#include "gui/window_services.hpp"
#include "pt/ui/main_window.hpp"
#include "pt_catch.hpp"
#include "qt_test_app.hpp"

TEST_CASE("no two actions of the main window share a shortcut") {
  pt::test::qt_app();
  QSettings().clear();
  pt::plugins::AlgorithmRegistry registry;
  pt::gui::register_algorithms(registry);
  pt::ui::MainWindow window(pt::gui::window_services(registry, "cpu"));
  REQUIRE(window.open_source(QStringLiteral("synthetic")));

  std::map<QString, QStringList> owners;  // shortcut, the actions it triggers
  for (const QAction* action : window.findChildren<QAction*>()) {
    for (const QKeySequence& key : action->shortcuts()) owners[key.toString(QKeySequence::PortableText)] << action->text();
  }
  for (const auto& [key, actions] : owners) {
    INFO((key + QStringLiteral(": ") + actions.join(QStringLiteral(", "))).toStdString());
    CHECK(actions.size() == 1);
  }
  // The search reaches the actions of every part of the window.
  for (const char* key : {"Ctrl+O", "Ctrl+R", "Ctrl+D", "Ctrl+E", "Ctrl+Shift+S", "Space", "Right"}) {
    INFO(key);
    CHECK(owners.count(QString::fromLatin1(key)) == 1);
  }
#if defined(PT_HAVE_ARAVIS)
  CHECK(owners.count(QStringLiteral("Ctrl+K")) == 1);
#endif
}
