#pragma once
#include <string>

#include "pt/plugins/algorithm_registry.hpp"
#include "pt/ui/main_window.hpp"

namespace pt::gui {

// The window's access to the command line's input code (synthetic camera, video files, image
// folders), eye regions and backend choice, so that both programs open sources and track the
// same way. `backend` as the command line's --backend (auto|cpu|cuda); throws std::exception
// for an unknown one, or cuda without a usable device.
[[nodiscard]] ui::MainWindowServices window_services(const plugins::AlgorithmRegistry& registry,
                                                     const std::string& backend = "auto");

}  // namespace pt::gui
