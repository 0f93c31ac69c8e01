// pupiltrack: the desktop application.
#include <QApplication>
#include <QCommandLineParser>
#include <QDockWidget>
#include <QTimer>
#include <cstdio>
#include <exception>

#include <spdlog/logger.h>

#include "gui/algorithms.hpp"
#include "gui/app_log.hpp"
#include "gui/first_source.hpp"
#include "gui/window_services.hpp"
#include "pt/ui/algorithm_panel.hpp"
#include "pt/ui/main_window.hpp"

namespace {

// Shows the panel of algorithm `id` and has it follow the live frames; false for an unknown id.
bool open_panel(const pt::ui::MainWindow& window, const QString& id) {
  for (QDockWidget* dock : window.panels()) {
    if (dock->objectName() != QStringLiteral("panel_") + id) continue;
    dock->show();
    qobject_cast<pt::ui::AlgorithmPanel*>(dock->widget())->follow_live_frames(true);
    return true;
  }
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  QApplication::setOrganizationName(QStringLiteral("pupiltrack"));
  QApplication::setApplicationName(QStringLiteral("pupiltrack"));

  QCommandLineParser parser;
  parser.setApplicationDescription(QStringLiteral("Binocular pupil tracking"));
  parser.addHelpOption();
  const QCommandLineOption source({QStringLiteral("source"), QStringLiteral("s")},
                                  QStringLiteral("synthetic, a video file, an image folder or camera:<id or address> (default: the last one)"),
                                  QStringLiteral("input"));
  const QCommandLineOption screenshot(QStringLiteral("screenshot"),
                                      QStringLiteral("Save the window to this PNG before quitting (with --quit-after)"),
                                      QStringLiteral("file"));
  const QCommandLineOption quit_after(QStringLiteral("quit-after"), QStringLiteral("Quit after this many seconds"),
                                      QStringLiteral("seconds"));
  const QCommandLineOption panel(QStringLiteral("panel"),
                                 QStringLiteral("Open this algorithm's panel on the live frames (e.g. hessian)"),
                                 QStringLiteral("id"));
  const QCommandLineOption backend(QStringLiteral("backend"),
                                   QStringLiteral("Where to track: auto (CUDA when a device is usable, else the CPU), cpu or cuda"),
                                   QStringLiteral("backend"), QStringLiteral("auto"));
  parser.addOptions({source, screenshot, quit_after, panel, backend});
  parser.process(app);

  pt::plugins::AlgorithmRegistry registry;
  pt::gui::register_algorithms(registry);
  pt::ui::MainWindowServices services;
  try {
    services = pt::gui::window_services(registry, parser.value(backend).toStdString());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 2;
  }
  if (const std::shared_ptr<spdlog::logger> log = pt::gui::open_app_log()) {
    log->info("pupiltrack started; backend {}", services.backend_reason.toStdString());
    services.log_error = [log](const QString& text) { log->error(text.toStdString()); };
    services.log_info = [log](const QString& text) { log->info(text.toStdString()); };
  }
  pt::ui::MainWindow window(std::move(services));
  window.show();
  const QString input = parser.isSet(source) ? parser.value(source) : window.remembered_source();
  pt::gui::open_first_source(window, input);

  for (const QString& id : parser.values(panel)) {
    if (!open_panel(window, id)) {
      std::fprintf(stderr, "error: no panel '%s'\n", qPrintable(id));
      return 2;
    }
  }

  if (parser.isSet(quit_after)) {
    bool ok = false;
    const double seconds = parser.value(quit_after).toDouble(&ok);
    if (!ok || seconds < 0.0) {
      std::fprintf(stderr, "error: --quit-after needs a number of seconds\n");
      return 2;
    }
    QTimer::singleShot(static_cast<int>(seconds * 1000.0), &window, [&] {
      if (parser.isSet(screenshot) && !window.grab().save(parser.value(screenshot))) {
        std::fprintf(stderr, "error: cannot write %s\n", qPrintable(parser.value(screenshot)));
        QApplication::exit(1);
        return;
      }
      std::fprintf(stderr, "%s\n", qPrintable(window.rates_text()));
      window.close();
    });
  }
  return QApplication::exec();
}
