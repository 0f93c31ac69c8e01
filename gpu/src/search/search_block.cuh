#pragma once
// One CUDA block searches one eye of one frame; every block_* function of the search is called
// by all of its threads.
namespace pt::gpu::search {

constexpr int kSearchThreads = 256;

// The flood (dark_region_flood.cuh) spends most of its time in passes over every pixel of its
// window, which a larger block takes in fewer rounds; the rest of the search, heavier in
// registers, would spill in one. Where the flood runs as a kernel of its own (the first step of
// the graph and of the tail-launched chain), it takes this many threads; its functions read the
// block's size (block_threads.cuh), at least kSearchThreads.
constexpr int kFloodThreads = 512;

}  // namespace pt::gpu::search
