#pragma once
#include <QAction>
#include <QApplication>
#include <functional>

namespace pt::test {

// The one QApplication the widget tests share, created on first use, with settings kept apart
// from the user's and from other test processes' (a temporary folder of this process's own).
QApplication& qt_app();

// Processes events until `done` holds or `timeout_ms` passes; returns `done()`.
bool wait_until(const std::function<bool()>& done, int timeout_ms);

// The menu entry of `window` with this text (with its & marks), or nullptr.
[[nodiscard]] QAction* action_named(const QWidget& window, const QString& text);

}  // namespace pt::test
