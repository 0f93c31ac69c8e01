#include "qt_test_app.hpp"

#include <QElapsedTimer>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

namespace pt::test {

QApplication& qt_app() {
  static int argc = 1;
  static char name[] = "test_ui";
  static char* argv[] = {name, nullptr};
  static QApplication* app = [] {
    QStandardPaths::setTestModeEnabled(true);
    auto* a = new QApplication(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("pupiltrack-test"));
    QApplication::setApplicationName(QStringLiteral("test_ui"));
    // CTest runs the widget-test programs side by side; a shared settings file let one program's
    // clear() erase what another had just kept, so each process keeps its settings in its own folder.
    static QTemporaryDir settings_dir;
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settings_dir.path());
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, settings_dir.path());
    return a;
  }();
  return *app;
}

bool wait_until(const std::function<bool()>& done, int timeout_ms) {
  QElapsedTimer timer;
  timer.start();
  while (!done() && timer.elapsed() < timeout_ms) QTest::qWait(20);
  return done();
}

QAction* action_named(const QWidget& window, const QString& text) {
  for (QAction* a : window.findChildren<QAction*>()) {
    if (a->text() == text) return a;
  }
  return nullptr;
}

}  // namespace pt::test
