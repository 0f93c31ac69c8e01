#pragma once
#include <memory>

#include "pt/plugins/algorithm_plugin.hpp"

namespace pt::gui {

// Hessian eigenvalues, blob response and Frangi vesselness of a frame, on CUDA where a device is
// usable and on the CPU otherwise (the read-out says which and why).
[[nodiscard]] std::unique_ptr<plugins::AlgorithmPlugin> make_hessian_plugin();

}  // namespace pt::gui
