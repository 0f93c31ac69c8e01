#pragma once
// Kernels whose blocks want more shared memory than the default 48 KB.
namespace pt::gpu {

// Lets `kernel` (a __global__ function) launch with as much dynamic shared memory as the device
// gives a block beside the kernel's static shared memory, and returns that size.
int enable_most_shared_memory(const void* kernel);

}  // namespace pt::gpu
