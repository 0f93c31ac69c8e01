#pragma once
// One CUDA block searches one eye of one frame; every block_* function of the search is called
// by all of its threads.
namespace pt::gpu::search {

constexpr int kSearchThreads = 256;

}  // namespace pt::gpu::search
