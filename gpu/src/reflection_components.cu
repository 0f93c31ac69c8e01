#include <climits>

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

// Each mask pixel starts linked to the first pixel of its run, so that the unions below join
// runs, not pixels: short trees, few atomics. A run that comes in from the left begins where the
// nearest chunk to the left with a gap in it (or at the row's start) says: the warp's chunks are
// consecutive, so most runs find that chunk in the warp, and only runs longer than it read
// further back.
__global__ void __launch_bounds__(kChunkThreads)
    seed_labels_kernel(CDeviceViewU8 src, CDeviceViewU8 mask, DeviceViewU8 dst, ComponentLabels labels) {
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    for (int i = 0; i < kReflectionCounters; ++i) labels.counters[i] = 0;
  }
  const Chunk ch = this_chunk(src.width, src.height);
  const unsigned on = ch.valid ? nonzero_bits(load_chunk(mask, ch.x, ch.y)) : 0U;
  const int p = ch.y * src.width + ch.x;
  // The start of the run that reaches the chunk's right edge, where the chunk tells it.
  const unsigned off = ~on & 0xFFFFU;
  const bool tells = off != 0 || ch.x == 0;
  const int right_start = off != 0 ? p + 32 - __clz(static_cast<int>(off)) : p;
  const int lane = static_cast<int>(threadIdx.x % 32);
  const unsigned tellers = __ballot_sync(0xFFFFFFFFU, tells) & ((1U << lane) - 1U);
  const int from_warp = __shfl_sync(0xFFFFFFFFU, right_start, tellers != 0 ? 31 - __clz(static_cast<int>(tellers)) : 0);
  if (!ch.valid) return;
  store_chunk(dst, ch.x, ch.y, load_chunk(src, ch.x, ch.y));
  int start = p;
  if (bit(on, 0) && left_of_chunk_on(mask, ch)) {
    start = tellers != 0 ? from_warp : ch.y * src.width + run_start_before(mask, ch.x, ch.y);
  }
  int links[kChunk];
#pragma unroll
  for (int k = 0; k < kChunk; ++k) {
    if (k > 0 && !bit(on, k - 1)) start = p + k;
    links[k] = bit(on, k) ? start : -1;
  }
  store_links(labels.owner, p, min(kChunk, src.width - ch.x), links);
}

// Joins each run to the runs it touches in the row above, each pair once, so that chains stay
// short: where the lower run begins (up-left, or else up), or where an upper run begins over it
// (up-right, not up).
__global__ void __launch_bounds__(kChunkThreads) merge_labels_kernel(CDeviceViewU8 mask, int* owner) {
  const Chunk ch = this_chunk(mask.width, mask.height);
  if (!ch.valid || ch.y == 0) return;
  const unsigned on = nonzero_bits(load_chunk(mask, ch.x, ch.y));
  if (on == 0) return;
  const int w = mask.width;
  // The row above from column x - 1: bit k + 1 for pixel x + k.
  unsigned up = nonzero_bits(load_chunk(mask, ch.x, ch.y - 1)) << 1;
  if (ch.x > 0 && mask.at(ch.x - 1, ch.y - 1) != 0) up |= 1U;
  if (ch.x + kChunk < w && mask.at(ch.x + kChunk, ch.y - 1) != 0) up |= 1U << (kChunk + 1);
  const bool left_on = left_of_chunk_on(mask, ch);
  const int p0 = ch.y * w + ch.x;
  for (unsigned rest = on; rest != 0; rest &= rest - 1) {
    const int k = __ffs(static_cast<int>(rest)) - 1;
    const int p = p0 + k;
    const bool first = k == 0 ? !left_on : !bit(on, k - 1);
    if (first && bit(up, k)) {
      unite(owner, p, p - w - 1);
    } else if (first && bit(up, k + 1)) {
      unite(owner, p, p - w);
    }
    if (bit(up, k + 2) && !bit(up, k + 1)) unite(owner, p, p - w + 1);
  }
}

// Each mask pixel is pointed at its component's root, which registers the component. A piece of
// run shares its first pixel's root.
__global__ void __launch_bounds__(kChunkThreads) index_components_kernel(CDeviceViewU8 mask, ComponentLabels labels) {
  const Chunk ch = this_chunk(mask.width, mask.height);
  if (!ch.valid) return;
  const int p0 = ch.y * mask.width + ch.x;
  for_each_run(nonzero_bits(load_chunk(mask, ch.x, ch.y)), [&](int s, int length) {
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
__global__ void __launch_bounds__(kChunkThreads) measure_components_kernel(CDeviceViewU8 mask, ComponentLabels labels) {
  const Chunk ch = this_chunk(mask.width, mask.height);
  if (!ch.valid) return;
  const int p0 = ch.y * mask.width + ch.x;
  for_each_run(nonzero_bits(load_chunk(mask, ch.x, ch.y)), [&](int s, int length) {
    ReflectionComponent& c = labels.found[labels.slot_of[labels.owner[p0 + s]]];
    atomicAdd(&c.area, length);
    atomicMin(&c.x0, ch.x + s);
    atomicMax(&c.x1, ch.x + s + length - 1);
    atomicMin(&c.y0, ch.y);
    atomicMax(&c.y1, ch.y);
  });
}

}  // namespace

void label_components(cudaStream_t stream, CDeviceViewU8 src, CDeviceViewU8 mask, DeviceViewU8 dst,
                      const ComponentLabels& labels) {
  const dim3 grid = chunk_grid(src.width, src.height);
  seed_labels_kernel<<<grid, kChunkThreads, 0, stream>>>(src, mask, dst, labels);
  PT_CUDA_CHECK_LAUNCH();
  merge_labels_kernel<<<grid, kChunkThreads, 0, stream>>>(mask, labels.owner);
  PT_CUDA_CHECK_LAUNCH();
  index_components_kernel<<<grid, kChunkThreads, 0, stream>>>(mask, labels);
  PT_CUDA_CHECK_LAUNCH();
  measure_components_kernel<<<grid, kChunkThreads, 0, stream>>>(mask, labels);
  PT_CUDA_CHECK_LAUNCH();
}

}  // namespace pt::gpu
