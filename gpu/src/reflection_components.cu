#include <climits>

#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

#include "chained_launch.cuh"
#include "mask_chunks.cuh"
#include "pt/gpu/cuda_check.hpp"
#include "reflection_components.hpp"
#include "union_find.cuh"

namespace pt::gpu {
namespace {

__device__ __forceinline__ bool bit(unsigned bits, int k) { return ((bits >> k) & 1U) != 0; }

__device__ __forceinline__ bool left_of_chunk_on(CDeviceViewU8 mask, const Chunk& ch) {
  return ch.x > 0 && mask.at(ch.x - 1, ch.y) != 0;
}

// owner[p + k] = links[k] for the chunk's pixels on the image.
__device__ __forceinline__ void store_links(int* owner, int p, int on_image, const int (&links)[kChunk]) {
  if (on_image == kChunk && (p & 3) == 0) {
    auto* out = reinterpret_cast<int4*>(owner + p);
#pragma unroll
    for (int q = 0; q < kChunk / 4; ++q) out[q] = {links[4 * q], links[4 * q + 1], links[4 * q + 2], links[4 * q + 3]};
    return;
  }
#pragma unroll
  for (int k = 0; k < kChunk; ++k) {
    if (k < on_image) owner[p + k] = links[k];
  }
}

// Where the run that holds (x - 1, y), a mask pixel, begins: x is a chunk's first column.
__device__ int run_start_before(CDeviceViewU8 mask, int x, int y) {
  for (int c = x - kChunk;; c -= kChunk) {
    const unsigned off = ~nonzero_bits(load_chunk(mask, c, y)) & 0xFFFFU;
    if (off != 0) return c + 32 - __clz(static_cast<int>(off));
    if (c == 0) return 0;
  }
}

// A block per tile with marks, a thread per chunk of it: the labelling's work lies where the
// marks are, and the blocks past the tiles listed end at once.
constexpr int kTileChunksPerRow = kMarkTileW / kChunk;
constexpr int kTileThreads = kTileChunksPerRow * kMarkTileH;
static_assert(kMarkTileW % kChunk == 0);

// This thread's chunk and its mask bits; false where it has no chunk or the chunk no mark.
__device__ bool marked_chunk(CDeviceViewU8 mask, const MarkedTiles& tiles, Chunk& ch, unsigned& on) {
  const int listed = *tiles.count;
  const int b = static_cast<int>(blockIdx.x);
  if (listed != MarkedTiles::kEveryTile && b >= listed) return false;
  const int t = listed == MarkedTiles::kEveryTile ? b : tiles.list[b];
  const int tiles_x = (mask.width + kMarkTileW - 1) / kMarkTileW;
  const int c = static_cast<int>(threadIdx.x);
  ch = {t % tiles_x * kMarkTileW + c % kTileChunksPerRow * kChunk, t / tiles_x * kMarkTileH + c / kTileChunksPerRow};
  if (ch.x >= mask.width || ch.y >= mask.height) return false;
  on = nonzero_bits(load_chunk(mask, ch.x, ch.y));
  return on != 0;
}

// Each mask pixel starts linked to the first pixel of its run, so that the unions below join
// runs, not pixels: short trees, few atomics. A run that comes in from the left begins where the
// nearest chunk to the left with a gap in it (or the row's start) says.
__device__ void seed_links(CDeviceViewU8 mask, int* owner, const Chunk& ch, unsigned on) {
  const int p = ch.y * mask.width + ch.x;
  int start = p;
  if (bit(on, 0) && left_of_chunk_on(mask, ch)) start = ch.y * mask.width + run_start_before(mask, ch.x, ch.y);
  int links[kChunk];
#pragma unroll
  for (int k = 0; k < kChunk; ++k) {
    if (k > 0 && !bit(on, k - 1)) start = p + k;
    links[k] = bit(on, k) ? start : -1;
  }
  store_links(owner, p, min(kChunk, mask.width - ch.x), links);
}

// Joins each run to the runs it touches in the row above, each pair once, so that chains stay
// short: where the lower run begins (up-left, or else up), or where an upper run begins over it
// (up-right, not up).
__device__ void merge_with_row_above(CDeviceViewU8 mask, int* owner, const Chunk& ch, unsigned on) {
  if (ch.y == 0) return;
  const int w = mask.width;
  // The row above from column x - 1: bit k + 1 for pixel x + k.
  unsigned up = nonzero_bits(load_chunk(mask, ch.x, ch.y - 1)) << 1;
  if (ch.x > 0 && mask.at(ch.x - 1, ch.y - 1) != 0) up |= 1U;
  if (ch.x + kChunk < w && mask.at(ch.x + kChunk, ch.y - 1) != 0) up |= 1U << (kChunk + 1);
  const int p0 = ch.y * w + ch.x;
  const unsigned first = on & ~(on << 1 | (left_of_chunk_on(mask, ch) ? 1U : 0U));
  for (unsigned rest = first; rest != 0; rest &= rest - 1) {
    const int k = __ffs(static_cast<int>(rest)) - 1;
    if (bit(up, k)) {
      unite(owner, p0 + k, p0 + k - w - 1);
    } else if (bit(up, k + 1)) {
      unite(owner, p0 + k, p0 + k - w);
    }
  }
  for (unsigned rest = on & (up >> 2) & ~(up >> 1); rest != 0; rest &= rest - 1) {
    const int k = __ffs(static_cast<int>(rest)) - 1;
    unite(owner, p0 + k, p0 + k - w + 1);
  }
}

// Each mask pixel is pointed at its component's root, which registers the component. A piece of
// run shares its first pixel's root.
__device__ void index_runs(CDeviceViewU8 mask, const ComponentLabels& labels, const Chunk& ch, unsigned on) {
  const int p0 = ch.y * mask.width + ch.x;
  for_each_run(on, [&](int s, int length) {
    const int root = find_root(labels.owner, p0 + s);
    for (int k = s; k < s + length; ++k) labels.owner[p0 + k] = root;
    if (root < p0 + s) return;
    const int slot = atomicAdd(labels.counters + kComponentsFound, 1);
    ReflectionComponent c;
    c.seed = root;
    c.x0 = INT_MAX;
    c.y0 = INT_MAX;
    c.x1 = -1;
    c.y1 = -1;
    labels.found[slot] = c;
    labels.slot_of[root] = slot;
  });
}

// Area and bounding box, one piece of run at a time: a run that spans chunks adds each piece.
// A tile's glint lies under a few of its warps, each with many of its pieces: the lanes whose
// pieces belong to one component combine them before they meet at its atomics.
__device__ void measure_runs(CDeviceViewU8 mask, const ComponentLabels& labels, const Chunk& ch, unsigned on) {
  namespace cg = cooperative_groups;
  const int p0 = ch.y * mask.width + ch.x;
  for_each_run(on, [&](int s, int length) {
    const int slot = labels.slot_of[labels.owner[p0 + s]];
    const cg::coalesced_group peers = cg::labeled_partition(cg::coalesced_threads(), slot);
    const int area = cg::reduce(peers, length, cg::plus<int>());
    const int x0 = cg::reduce(peers, ch.x + s, cg::less<int>());
    const int x1 = cg::reduce(peers, ch.x + s + length - 1, cg::greater<int>());
    const int y0 = cg::reduce(peers, ch.y, cg::less<int>());
    const int y1 = cg::reduce(peers, ch.y, cg::greater<int>());
    if (peers.thread_rank() != 0) return;
    ReflectionComponent& c = labels.found[slot];
    atomicAdd(&c.area, area);
    atomicMin(&c.x0, x0);
    atomicMax(&c.x1, x1);
    atomicMin(&c.y0, y0);
    atomicMax(&c.y1, y1);
  });
}

// The labelling's passes, in order: a kernel each, so that each pass sees the whole of the one
// before.
enum class LabelPass { Seed, Merge, Index, Measure };

template <LabelPass Pass>
__global__ void __launch_bounds__(kTileThreads) label_pass_kernel(CDeviceViewU8 mask, MarkedTiles tiles, ComponentLabels labels) {
  await_previous_grid();
  allow_next_grid();
  if constexpr (Pass == LabelPass::Seed) {
    if (blockIdx.x == 0 && threadIdx.x < kReflectionCounters) labels.counters[threadIdx.x] = 0;
  }
  Chunk ch{};
  unsigned on = 0;
  if (!marked_chunk(mask, tiles, ch, on)) return;
  if constexpr (Pass == LabelPass::Seed) seed_links(mask, labels.owner, ch, on);
  if constexpr (Pass == LabelPass::Merge) merge_with_row_above(mask, labels.owner, ch, on);
  if constexpr (Pass == LabelPass::Index) index_runs(mask, labels, ch, on);
  if constexpr (Pass == LabelPass::Measure) measure_runs(mask, labels, ch, on);
}

}  // namespace

void label_components(cudaStream_t stream, CDeviceViewU8 mask, const MarkedTiles& tiles, const ComponentLabels& labels) {
  const auto blocks = static_cast<unsigned>(mark_tiles(mask.width, mask.height));
  for (const auto pass : {label_pass_kernel<LabelPass::Seed>, label_pass_kernel<LabelPass::Merge>,
                          label_pass_kernel<LabelPass::Index>, label_pass_kernel<LabelPass::Measure>}) {
    PT_CUDA_CHECK(launch_chained(pass, blocks, kTileThreads, 0, stream, mask, tiles, labels));
  }
}

}  // namespace pt::gpu
