#pragma once
#include <cstddef>
#include <memory>
#include <string>

#include "pt/pupil/pupil_detector.hpp"

namespace pt::cli {

// The CUDA device as the desktop application reports it: it still tracks on the CPU, e.g.
// "no usable CUDA device (cudaErrorNoDevice: ...)".
std::string cuda_status();

// One thread per eye, as far as the machine has cores.
int default_cpu_threads(std::size_t eyes);

struct DetectorChoice {
  std::unique_ptr<PupilDetector> detector;
  std::string why;  // e.g. "auto: CUDA device NVIDIA H100 usable", "auto: no usable CUDA device (...)"
};

// --backend auto|cpu|cuda. auto takes CUDA whenever a device is usable, else the CPU; cuda
// without a usable device (or in a build without CUDA) throws std::runtime_error. CUDA keeps
// `in_flight` frames in flight, one where a tracking window must follow the previous frame.
DetectorChoice choose_detector(const std::string& backend, const DetectorParams& params, std::size_t eyes,
                               int in_flight);

// The backend choose_detector() takes for --backend `asked`, for labels written before it runs.
Backend resolve_backend(const std::string& asked);

}  // namespace pt::cli
