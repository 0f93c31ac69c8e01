#include "gui/app_log.hpp"

#include <QDir>
#include <QStandardPaths>
#include <spdlog/sinks/basic_file_sink.h>
#include <spdlog/spdlog.h>

namespace pt::gui {

QString app_log_path() {
  return QDir(QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation)).filePath(QStringLiteral("pupiltrack.log"));
}

std::shared_ptr<spdlog::logger> open_app_log() {
  const QString path = app_log_path();
  QDir().mkpath(QFileInfo(path).absolutePath());
  try {
    auto log = spdlog::basic_logger_mt("pupiltrack", path.toStdString());
    log->flush_on(spdlog::level::info);  // a crash must not take the last lines with it
    return log;
  } catch (const spdlog::spdlog_ex& e) {
    spdlog::warn("no log file: {}", e.what());
    return nullptr;
  }
}

}  // namespace pt::gui
