#include "blob_labels.hpp"

#include <climits>

#include "pt/gpu/cuda_check.hpp"
#include "pt/pupil/threshold_labeling_rules.hpp"
#include "../pixel_grid.cuh"
#include "../union_find.cuh"

namespace pt::gpu::tl {
namespace {

constexpr unsigned kAll = 0xFFFFFFFFU;
constexpr int kOrderThreads = 1024;

// A tile of pixels is labeled first by its own block in shared memory, where joins are cheap;
// only joins across tile edges then go through global memory.
constexpr int kTile = 32;
static_assert(kTile == 32, "a tile row is a warp");

// Labels one tile of one plane: each dark pixel gets the raster index (in the whole image) of
// the first pixel of its blob within the tile, which is where the blob's root within the tile
// lies, since raster order within the tile is raster order in the image.
__global__ void __launch_bounds__(kTile* kTile) label_tiles(CViewU8 image, LabelPlanes planes, Slots slots, int first) {
  __shared__ int local[kTile * kTile];
  const int slot = first + static_cast<int>(blockIdx.z);
  if (blockIdx.x == 0 && blockIdx.y == 0 && threadIdx.x == 0 && threadIdx.y == 0) slots.largest[slot] = 0;
  const Pixel p = this_pixel(image.width, image.height);
  const int lx = static_cast<int>(threadIdx.x);
  const int ly = static_cast<int>(threadIdx.y);
  const int l = ly * kTile + lx;
  const bool dark = p.valid && static_cast<float>(image.row(p.y)[p.x]) < slots.thresholds[slot];
  // A warp is a tile row. Each pixel points at the first pixel of its run of dark pixels in the
  // row, so that only runs are joined, and each pair of touching runs once: where the lower
  // run begins, or where the upper one begins over it. Few joins make short chains.
  const unsigned dark_row = __ballot_sync(kAll, dark);
  const unsigned bright_west = ~dark_row & ((1U << static_cast<unsigned>(lx)) - 1U);
  const int run_start = bright_west == 0U ? 0 : 32 - __clz(bright_west);
  local[l] = dark ? ly * kTile + run_start : -1;
  __syncthreads();
  if (dark && ly > 0) {
    const int above = (ly - 1) * kTile;
    const auto dark_above = [&](int x) { return x >= 0 && x < kTile && local[above + x] >= 0; };
    if (run_start == lx) {
      // North-west and north-east may be two runs; north is in north-west's run if both are dark.
      if (dark_above(lx - 1)) {
        unite(local, l, above + lx - 1);
      } else if (dark_above(lx)) {
        unite(local, l, above + lx);
      }
    }
    if (dark_above(lx + 1) && !dark_above(lx)) unite(local, l, above + lx + 1);
  }
  __syncthreads();
  if (!p.valid) return;
  const std::size_t plane = static_cast<std::size_t>(blockIdx.z) * static_cast<std::size_t>(image.width) *
                            static_cast<std::size_t>(image.height);
  const int i = p.y * image.width + p.x;
  int label = -1;
  if (dark) {
    const int root = find_root(local, l);
    label = (p.y - ly + root / kTile) * image.width + (p.x - lx + root % kTile);
  }
  planes.labels[plane + static_cast<std::size_t>(i)] = label;
  planes.areas[plane + static_cast<std::size_t>(i)] = 0;
}

// 8-connected: the dark pixels on a tile's edges join their dark neighbours in the tiles to the
// west, north-west, north and north-east (the tile's own were joined in label_tiles).
__global__ void join_tile_edges(int width, int height, LabelPlanes planes) {
  const Pixel p = this_pixel(width, height);
  if (!p.valid) return;
  const int lx = p.x % kTile;
  const int ly = p.y % kTile;
  if (lx != 0 && lx != kTile - 1 && ly != 0) return;
  int* labels = planes.labels + static_cast<std::size_t>(blockIdx.z) * static_cast<std::size_t>(width) *
                                    static_cast<std::size_t>(height);
  const int i = p.y * width + p.x;
  if (labels[i] < 0) return;
  const auto join = [&](int nx, int ny) {
    if (nx < 0 || nx >= width || ny < 0) return;
    if (nx / kTile == p.x / kTile && ny / kTile == p.y / kTile) return;  // the tile's own
    const int j = ny * width + nx;
    if (labels[j] >= 0) unite(labels, i, j);
  };
  join(p.x - 1, p.y);
  join(p.x - 1, p.y - 1);
  join(p.x, p.y - 1);
  join(p.x + 1, p.y - 1);
}

// Every dark pixel points at its root, and each root counts its blob's pixels (a warp's pixels
// of one blob added at once).
__global__ void flatten_and_count(int width, int height, LabelPlanes planes) {
  const Pixel p = this_pixel(width, height);
  const std::size_t plane = static_cast<std::size_t>(blockIdx.z) * static_cast<std::size_t>(width) *
                            static_cast<std::size_t>(height);
  int* labels = planes.labels + plane;
  const int i = p.y * width + p.x;
  const bool dark = p.valid && labels[i] >= 0;
  const unsigned active = __ballot_sync(kAll, dark);
  if (!dark) return;
  const int root = find_root(labels, i);
  labels[i] = root;
  const unsigned same = __match_any_sync(active, root);
  if ((threadIdx.x + threadIdx.y * blockDim.x) % 32U == static_cast<unsigned>(__ffs(static_cast<int>(same)) - 1)) {
    atomicAdd(planes.areas + plane + static_cast<std::size_t>(root), __popc(same));
  }
}

__global__ void find_largest(int width, int height, LabelPlanes planes, Slots slots, int first) {
  const Pixel p = this_pixel(width, height);
  const std::size_t plane = static_cast<std::size_t>(blockIdx.z) * static_cast<std::size_t>(width) *
                            static_cast<std::size_t>(height);
  const int i = p.y * width + p.x;
  const bool root = p.valid && planes.labels[plane + static_cast<std::size_t>(i)] == i;
  if (!__any_sync(kAll, root)) return;
  unsigned long long key = root ? largest_key(planes.areas[plane + static_cast<std::size_t>(i)], i) : 0ULL;
  for (int offset = 16; offset > 0; offset /= 2) {
    const unsigned long long other = __shfl_down_sync(kAll, key, offset);
    key = other > key ? other : key;
  }
  if ((threadIdx.x + threadIdx.y * blockDim.x) % 32U == 0U && key != 0ULL) {
    atomicMax(slots.largest + first + static_cast<int>(blockIdx.z), key);
  }
}

__global__ void list_border_pixels(CViewU8 reflections, int width, int height, LabelPlanes planes, Slots slots,
                                   int first) {
  const int slot = first + static_cast<int>(blockIdx.z);
  const int target = slots.targets[slot];
  if (target < 0) return;
  const Pixel p = this_pixel(width, height);
  const ImageView<const std::int32_t> labels{
      planes.labels + static_cast<std::size_t>(blockIdx.z) * static_cast<std::size_t>(width) *
                          static_cast<std::size_t>(height),
      width, height, width};
  const bool border = p.valid && labels.at(p.x, p.y) == target &&
                      (reflections.empty() || reflections.row(p.y)[p.x] == 0) &&
                      threshold_labeling_rules::on_blob_border(labels, p.x, p.y, target);
  const unsigned listed = __ballot_sync(kAll, border);
  if (listed == 0U) return;
  const int lane = static_cast<int>((threadIdx.x + threadIdx.y * blockDim.x) % 32U);
  const int leader = __ffs(static_cast<int>(listed)) - 1;
  int base = 0;
  if (lane == leader) base = atomicAdd(slots.counts + slot, __popc(listed));
  base = __shfl_sync(kAll, base, leader);
  if (!border) return;
  const int at = base + __popc(listed & ((1U << lane) - 1U));
  if (at < slots.capacity) {
    slots.keys[static_cast<std::size_t>(slot) * static_cast<std::size_t>(slots.capacity) + static_cast<std::size_t>(at)] =
        static_cast<std::uint32_t>(p.y * width + p.x);
  }
}

// One block a slot: the listed pixels sorted into raster order (bitonic, in shared memory), each
// then moved to its level crossing.
__global__ void __launch_bounds__(kOrderThreads) order_border(CViewU8 image, Slots slots, int first) {
  __shared__ std::uint32_t keys[kMostBorderPoints];
  const int slot = first + static_cast<int>(blockIdx.x);
  const int n = slots.counts[slot];
  if (slots.targets[slot] < 0 || n > slots.capacity || n == 0) return;
  const std::size_t base = static_cast<std::size_t>(slot) * static_cast<std::size_t>(slots.capacity);
  int m = 1;
  while (m < n) m *= 2;
  const int tid = static_cast<int>(threadIdx.x);
  for (int i = tid; i < m; i += kOrderThreads) keys[i] = i < n ? slots.keys[base + static_cast<std::size_t>(i)] : UINT_MAX;
  __syncthreads();
  for (int size = 2; size <= m; size *= 2) {
    for (int stride = size / 2; stride > 0; stride /= 2) {
      for (int t = tid; t < m / 2; t += kOrderThreads) {
        const int i = 2 * stride * (t / stride) + t % stride;
        const int j = i + stride;
        const bool ascending = (i & size) == 0;
        if ((keys[i] > keys[j]) == ascending) {
          const std::uint32_t k = keys[i];
          keys[i] = keys[j];
          keys[j] = k;
        }
      }
      __syncthreads();
    }
  }
  const float level = slots.thresholds[slot];
  for (int i = tid; i < n; i += kOrderThreads) {
    const int x = static_cast<int>(keys[i] % static_cast<unsigned>(image.width));
    const int y = static_cast<int>(keys[i] / static_cast<unsigned>(image.width));
    slots.points[base + static_cast<std::size_t>(i)] = threshold_labeling_rules::level_crossing(image, x, y, level);
  }
}

}  // namespace

void label_dark_blobs(cudaStream_t stream, CViewU8 image, const LabelPlanes& planes, const Slots& slots, int first,
                      int count) {
  if (count <= 0 || image.empty()) return;
  if (count > planes.planes) throw CudaError("label_dark_blobs: more slots than planes");
  const dim3 grid = pixel_grid(image.width, image.height, count);
  const dim3 tile_grid(static_cast<unsigned>((image.width + kTile - 1) / kTile),
                       static_cast<unsigned>((image.height + kTile - 1) / kTile), static_cast<unsigned>(count));
  label_tiles<<<tile_grid, dim3(kTile, kTile), 0, stream>>>(image, planes, slots, first);
  PT_CUDA_CHECK_LAUNCH();
  join_tile_edges<<<grid, kPixelBlock, 0, stream>>>(image.width, image.height, planes);
  PT_CUDA_CHECK_LAUNCH();
  flatten_and_count<<<grid, kPixelBlock, 0, stream>>>(image.width, image.height, planes);
  PT_CUDA_CHECK_LAUNCH();
  find_largest<<<grid, kPixelBlock, 0, stream>>>(image.width, image.height, planes, slots, first);
  PT_CUDA_CHECK_LAUNCH();
}

void gather_borders(cudaStream_t stream, CViewU8 image, CViewU8 reflections, const LabelPlanes& planes,
                    const Slots& slots, int first, int count) {
  if (count <= 0 || image.empty()) return;
  if (slots.capacity > kMostBorderPoints) throw CudaError("gather_borders: border capacity above what one block sorts");
  PT_CUDA_CHECK(cudaMemsetAsync(slots.counts + first, 0, sizeof(int) * static_cast<std::size_t>(count), stream));
  list_border_pixels<<<pixel_grid(image.width, image.height, count), kPixelBlock, 0, stream>>>(
      reflections, image.width, image.height, planes, slots, first);
  PT_CUDA_CHECK_LAUNCH();
  order_border<<<static_cast<unsigned>(count), kOrderThreads, 0, stream>>>(image, slots, first);
  PT_CUDA_CHECK_LAUNCH();
}

}  // namespace pt::gpu::tl
