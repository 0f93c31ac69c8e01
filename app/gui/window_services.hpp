#pragma once
#include "pt/plugins/algorithm_registry.hpp"
#include "pt/ui/main_window.hpp"

namespace pt::gui {

// The window's access to the command line's input code (synthetic camera, video files, image
// folders), eye regions and CUDA report, so that both programs open sources the same way.
[[nodiscard]] ui::MainWindowServices window_services(const plugins::AlgorithmRegistry& registry);

}  // namespace pt::gui
