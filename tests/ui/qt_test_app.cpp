#include "qt_test_app.hpp"

#include <QElapsedTimer>
#include <QStandardPaths>
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
