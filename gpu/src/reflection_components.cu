#include <climits>

#include "pixel_grid.cuh"
#include "pt/gpu/cuda_check.hpp"
#include "reflection_components.hpp"
#include "union_find.cuh"

namespace pt::gpu {
namespace {

// Where the run of mask pixels holding (x, y) begins in its row (x itself when off the mask).
// The row's warp works it out together: kPixelBlock is one warp wide, so a warp holds 32
// consecutive pixels of one row, and every lane must take part.
__device__ int run_start(CDeviceViewU8 mask, int x, int y, bool on) {
  const int lane = static_cast<int>(threadIdx.x);
  const int base = x - lane;
  const unsigned up_to_me = lane == 31 ? 0xFFFFFFFFU : (2U << lane) - 1U;
  const unsigned off_here = ~__ballot_sync(0xFFFFFFFFU, on) & up_to_me;
  int carried = 0;  // where runs that began left of this piece of row begin
  if (__ballot_sync(0xFFFFFFFFU, on && off_here == 0) != 0) {
    for (int c = base - 32; c >= 0; c -= 32) {
      const unsigned off = ~__ballot_sync(0xFFFFFFFFU, mask.at(c + lane, y) != 0);
      if (off != 0) {
        carried = c + 32 - __clz(static_cast<int>(off));
        break;
      }
    }
  }
  return off_here != 0 ? base + 32 - __clz(static_cast<int>(off_here)) : carried;
}

__device__ __forceinline__ bool on_mask(CDeviceViewU8 mask, const Pixel& px) {
  return px.valid && mask.at(px.x, px.y) != 0;
}

// Each mask pixel starts linked to the first pixel of its run, so that the unions below join
// runs, not pixels: short trees, few atomics.
__global__ void seed_labels_kernel(CDeviceViewU8 src, CDeviceViewU8 mask, DeviceViewU8 dst, ComponentLabels labels) {
  const Pixel px = this_pixel(src.width, src.height);
  if (px.x == 0 && px.y == 0) {
    for (int i = 0; i < kReflectionCounters; ++i) labels.counters[i] = 0;
  }
  if (px.y >= src.height) return;  // the whole warp: one warp is one piece of one row
  const bool on = on_mask(mask, px);
  const int start = run_start(mask, px.x, px.y, on);
  if (!px.valid) return;
  const int p = px.y * src.width + px.x;
  labels.owner[p] = on ? px.y * src.width + start : -1;
  dst.at(px.x, px.y) = src.at(px.x, px.y);
}

// Joins each run to the runs it touches in the row above. Its first pixel looks up-left, up and
// up-right; the others only up-right, the rest being their left neighbour's.
__global__ void merge_labels_kernel(CDeviceViewU8 mask, int* owner) {
  const Pixel px = this_pixel(mask.width, mask.height);
  if (!on_mask(mask, px) || px.y == 0) return;
  const int w = mask.width;
  const int p = px.y * w + px.x;
  const bool first = px.x == 0 || mask.at(px.x - 1, px.y) == 0;
  if (first && px.x > 0 && mask.at(px.x - 1, px.y - 1) != 0) unite(owner, p, p - w - 1);
  if (first && mask.at(px.x, px.y - 1) != 0) unite(owner, p, p - w);
  if (px.x + 1 < w && mask.at(px.x + 1, px.y - 1) != 0) unite(owner, p, p - w + 1);
}

__global__ void index_components_kernel(CDeviceViewU8 mask, ComponentLabels labels) {
  const Pixel px = this_pixel(mask.width, mask.height);
  if (!on_mask(mask, px)) return;
  const int p = px.y * mask.width + px.x;
  const int root = find_root(labels.owner, p);
  labels.owner[p] = root;
  if (root != p) return;
  const int slot = atomicAdd(labels.counters + kComponentsFound, 1);
  ReflectionComponent c;
  c.seed = p;
  c.x0 = INT_MAX;
  c.y0 = INT_MAX;
  c.x1 = -1;
  c.y1 = -1;
  labels.found[slot] = c;
  labels.slot_of[p] = slot;
}

// Area and bounding box, one run at a time: its last pixel adds it.
__global__ void measure_components_kernel(CDeviceViewU8 mask, ComponentLabels labels) {
  const Pixel px = this_pixel(mask.width, mask.height);
  if (px.y >= mask.height) return;
  const bool on = on_mask(mask, px);
  const int start = run_start(mask, px.x, px.y, on);
  if (!on || (px.x + 1 < mask.width && mask.at(px.x + 1, px.y) != 0)) return;
  ReflectionComponent& c = labels.found[labels.slot_of[labels.owner[px.y * mask.width + px.x]]];
  atomicAdd(&c.area, px.x - start + 1);
  atomicMin(&c.x0, start);
  atomicMax(&c.x1, px.x);
  atomicMin(&c.y0, px.y);
  atomicMax(&c.y1, px.y);
}

}  // namespace

void label_components(cudaStream_t stream, CDeviceViewU8 src, CDeviceViewU8 mask, DeviceViewU8 dst,
                      const ComponentLabels& labels) {
  const dim3 grid = pixel_grid(src.width, src.height);
  seed_labels_kernel<<<grid, kPixelBlock, 0, stream>>>(src, mask, dst, labels);
  PT_CUDA_CHECK_LAUNCH();
  merge_labels_kernel<<<grid, kPixelBlock, 0, stream>>>(mask, labels.owner);
  PT_CUDA_CHECK_LAUNCH();
  index_components_kernel<<<grid, kPixelBlock, 0, stream>>>(mask, labels);
  PT_CUDA_CHECK_LAUNCH();
  measure_components_kernel<<<grid, kPixelBlock, 0, stream>>>(mask, labels);
  PT_CUDA_CHECK_LAUNCH();
}

}  // namespace pt::gpu
