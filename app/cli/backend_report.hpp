#pragma once
#include <string>

namespace pt::cli {

// Which backend runs and why, e.g. "cpu (no CUDA device: cudaErrorNoDevice ...)".
std::string backend_report();

}  // namespace pt::cli
