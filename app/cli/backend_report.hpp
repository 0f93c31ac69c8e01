#pragma once
#include <cstddef>
#include <string>

namespace pt::cli {

// Why the CUDA backend is not running, e.g. "no usable CUDA device (cudaErrorNoDevice: ...)".
std::string cuda_status();

// One thread per eye, as far as the machine has cores.
int default_cpu_threads(std::size_t eyes);

}  // namespace pt::cli
