#pragma once
// The size of the calling block, for block functions that serve blocks of more than one size.
namespace pt::gpu::search {

__device__ inline int block_threads() { return static_cast<int>(blockDim.x); }

}  // namespace pt::gpu::search
