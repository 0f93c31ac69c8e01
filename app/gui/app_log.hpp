#pragma once
// The desktop application's log file: errors the window shows and what it tracked, so that a
// problem reported later can be traced.
#include <QString>
#include <memory>

namespace spdlog {
class logger;
}

namespace pt::gui {

// The log in the user's application data folder, appended to; nothing (and a warning on
// stderr) when the file cannot be opened, for logging must never stop the program.
[[nodiscard]] std::shared_ptr<spdlog::logger> open_app_log();

[[nodiscard]] QString app_log_path();

}  // namespace pt::gui
