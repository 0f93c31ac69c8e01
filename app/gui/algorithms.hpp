#pragma once
#include "pt/plugins/algorithm_registry.hpp"

namespace pt::gui {

// Adds every algorithm panel this build has. A new panel is one line here.
void register_algorithms(plugins::AlgorithmRegistry& registry);

}  // namespace pt::gui
