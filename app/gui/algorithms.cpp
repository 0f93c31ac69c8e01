#include "gui/algorithms.hpp"

#include "gui/hessian_plugin.hpp"

namespace pt::gui {

void register_algorithms(plugins::AlgorithmRegistry& registry) { registry.add("hessian", make_hessian_plugin); }

}  // namespace pt::gui
