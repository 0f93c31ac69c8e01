#pragma once
#include <string>

namespace pt::cli {

// `bench --what hessian`: the eigenvalues at one scale and the multi-scale vesselness of a
// synthetic eye image of the given size (default 3504x2336, the HRF photographs' size), on the
// CPU (all cores) and, with cuda, on the GPU in the same run: GPU-resident (source and maps in
// device memory), timed with events. Each is also given against a baseline of the same run, one
// copy of the float image (memcpy, or device to device), and the CPU/CUDA ratio is printed.
// Returns the exit code.
int run_hessian_bench(const std::string& size, bool cuda);

}  // namespace pt::cli
