#pragma once
// Marks the functions that CUDA kernels call as well as host code; a plain C++ compiler sees
// nothing, so core stays free of CUDA.
#if defined(__CUDACC__)
#define PT_HOST_DEVICE __host__ __device__
#else
#define PT_HOST_DEVICE
#endif
