#include "pt/gpu/reflection_fill.hpp"

#include <algorithm>
#include <stdexcept>

#include "chained_launch.cuh"
#include "mask_chunks.cuh"
#include "pt/gpu/cuda_check.hpp"
#include "pt/gpu/image_transfer.hpp"
#include "reflection_components.hpp"
#include "reflection_fill_block.cuh"

namespace pt::gpu {

// Up to kChunkPixels of one reflection's listed pixels, from first_pixel on, and where its samples lie.
struct InterpolationChunk {
  int first_pixel;
  int pixels;
  int first_sample;
  int samples;
};

namespace {

constexpr int kOrderThreads = 256;
// The last kernel's blocks: those that finish the mask take a chunk of it (16 pixels of a row) a
// thread; those that interpolate, a chunk of a reflection's pixels, a thread each, and its
// samples a piece at a time.
constexpr int kFinishThreads = 256;
constexpr int kChunkPixels = kFinishThreads;
constexpr int kStagedSamples = 512;

struct Box {
  int x0, y0, x1, y1;  // inclusive

  [[nodiscard]] __device__ bool meets(const Box& o) const { return x0 <= o.x1 && o.x0 <= x1 && y0 <= o.y1 && o.y0 <= y1; }
};

// All a component reads or writes lies within its bounding box grown by its halo rings and the
// ring beyond, clipped to the region.
__device__ Box reach(const ReflectionComponent& c, int w, int h) {
  const int by = c.rings + 1;
  return {max(c.x0 - by, 0), max(c.y0 - by, 0), min(c.x1 + by, w - 1), min(c.y1 + by, h - 1)};
}

struct FillArgs {
  GlobalStore::Images images;
  DeviceViewU8 dst;
  const ReflectionComponent* found;
  ReflectionComponent* sorted;
  int* done;  // per component in raster order: its results are in the mask
  FillSample* samples;  // every reflection's, one after the other
  int sample_capacity;
  int* counters;
  int* taken;  // pixels that wait for the interpolation, each reflection's together
  InterpolationChunk* chunks;
  int* tile_count;  // the labelled mask's: back to 0 for the next mask
  long long max_area;
  int slice_pixels;  // a block's shared-memory window, in pixels
};

// The place of `count` samples in a store of `capacity` of which `*reserved` are taken, or -1 when
// they do not fit; a reservation that fails takes nothing, so that smaller ones may still fit.
__device__ int reserve_samples(int* reserved, int count, int capacity) {
  int seen = atomicAdd(reserved, 0);
  for (;;) {
    if (seen > capacity - count) return -1;
    const int before = atomicCAS(reserved, seen, seen + count);
    if (before == seen) return seen;
    seen = before;
  }
}

// The working space of a fill block, in its shared memory.
struct BlockSpace {
  unsigned char* slice;  // the window, when it fits
  FillTallies* tallies;
  int* warp_counts;
  int* first_sample;
  int* first_pixel;
};

// Lists the reflection's share of the interpolation, its pixels in chunks, once its samples
// are kept from `first_sample` on. Returns where its pixels are to be listed. By one thread.
__device__ int list_for_interpolation(const FillArgs& a, const Traced& t, int first_sample) {
  const int first_pixel = atomicAdd(a.counters + kPixelsTaken, t.taken);
  const int chunks = (t.taken + kChunkPixels - 1) / kChunkPixels;
  const int first_chunk = atomicAdd(a.counters + kChunksListed, chunks);
  for (int k = 0; k < chunks; ++k) {
    a.chunks[first_chunk + k] = {first_pixel + k * kChunkPixels, min(kChunkPixels, t.taken - k * kChunkPixels),
                                 first_sample, t.border_size};
  }
  return first_pixel;
}

// Keeps the border's samples in device memory for the interpolation by the last kernel, and
// returns where the reflection's pixels are to be listed for it; when there is no room left
// for the samples (thousands of reflections in one region), the block interpolates itself, and
// nothing is listed (nullptr).
template <class Store>
__device__ int* keep_samples(const FillArgs& a, const Store& s, const Traced& t, const BlockSpace& space) {
  if (threadIdx.x == 0) {
    const int first = reserve_samples(a.counters + kSamplesStored, t.border_size, a.sample_capacity);
    *space.first_sample = first;
    if (first >= 0) *space.first_pixel = list_for_interpolation(a, t, first);
  }
  __syncthreads();
  const int first = *space.first_sample;
  if (first < 0) {
    interpolate_from_window(s, t, a.dst);
    return nullptr;
  }
  write_samples(s, t, a.samples + first, space.warp_counts);
  return a.taken + *space.first_pixel;
}

// One component by one block, in `s`. Returns whether it is filled.
template <class Store>
__device__ bool fill_component(const FillArgs& a, const ReflectionComponent& c, Store& s, const BlockSpace& space) {
  const int own = load_reflection(s, a.images.src, a.images.mask, a.images.owner, c.seed, *space.tallies);
  const Traced t = trace_reflection(s, own, c.rings, *space.tallies);
  int* const listed = t.border_size > 0 ? keep_samples(a, s, t, space) : nullptr;
  __syncthreads();
  mark_taken(s, t, a.images.mask, listed, *space.tallies);
  return t.border_size > 0;
}

// In the block's shared-memory slice when its window fits there, else in device memory.
__device__ bool fill_component(const FillArgs& a, const ReflectionComponent& c, const BlockSpace& space) {
  const Box b = reach(c, a.images.src.width, a.images.src.height);
  const Window win{b.x0, b.y0, b.x1 - b.x0 + 1, b.y1 - b.y0 + 1};
  if (win.area() > a.slice_pixels) {
    GlobalStore s(a.images, win);
    return fill_component(a, c, s, space);
  }
  SharedStore s(space.slice, win);
  return fill_component(a, c, s, space);
}

// The components in raster order of their seeds (the order in which the CPU meets them), with
// their halo rings and none yet done. The labelling has read the marked tiles' count by now.
__global__ void __launch_bounds__(kOrderThreads) order_components_kernel(FillArgs a) {
  await_previous_grid();
  allow_next_grid();
  if (blockIdx.x == 0 && threadIdx.x == 0) *a.tile_count = 0;
  const int n = a.counters[kComponentsFound];
  const int stride = static_cast<int>(gridDim.x * blockDim.x);
  for (int j = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x); j < n; j += stride) {
    ReflectionComponent c = a.found[j];
    int rank = 0;
    for (int i = 0; i < n; ++i) rank += a.found[i].seed < c.seed ? 1 : 0;
    c.rings = reflection_fill::halo_rings(c.area);
    c.too_large = c.area > a.max_area;
    a.sorted[rank] = c;
    a.done[rank] = 0;
  }
}

// A component waits for every earlier one whose reach meets its own (the CPU's result depends on
// them), and for no other. Earlier components were handed out earlier, to blocks already running,
// so the wait always ends.
__device__ void wait_for_overlapping(const FillArgs& a, const ReflectionComponent& c, int turn) {
  const int w = a.images.src.width;
  const int h = a.images.src.height;
  const Box b = reach(c, w, h);
  bool waited = false;
  for (int i = static_cast<int>(threadIdx.x); i < turn; i += kFillThreads) {
    const ReflectionComponent& e = a.sorted[i];
    if (e.too_large || !reach(e, w, h).meets(b)) continue;
    const volatile int* flag = a.done + i;
    while (*flag == 0) __nanosleep(64);
    waited = true;
  }
  // Only a thread that saw a flag needs the fence; the barrier then orders the whole block's
  // reads after it. A fence costs each thread that runs it a wait on the memory system.
  if (waited) __threadfence();
  __syncthreads();
}

// Every thread's writes reach device memory before the flag that others wait on: the barrier
// orders them before thread 0's fence, which makes them visible before its flag.
__device__ void mark_done(int* flag) {
  __syncthreads();
  if (threadIdx.x == 0) {
    __threadfence();
    *static_cast<volatile int*>(flag) = 1;
  }
}

// A block per multiprocessor, each with all the shared memory a block may have: the blocks take
// the components in raster order, and each runs as soon as the earlier ones it overlaps are done,
// so independent reflections are filled side by side.
// Its blocks let the next kernel launch only as they end, not early: the fill lasts long enough
// that the next kernel's blocks would only sit beside it, waiting, on multiprocessors whose shared
// memory the fill's blocks mostly take whole.
__global__ void __launch_bounds__(kFillThreads) fill_reflections_kernel(FillArgs a) {
  await_previous_grid();
  extern __shared__ __align__(16) unsigned char slice[];
  __shared__ FillTallies tallies;
  __shared__ int warp_counts[kFillWarps];
  __shared__ int first_sample;
  __shared__ int first_pixel;
  __shared__ int turn;
  const BlockSpace space{slice, &tallies, warp_counts, &first_sample, &first_pixel};
  if (threadIdx.x == 0) tallies = {};
  const int n = a.counters[kComponentsFound];
  for (;;) {
    // Every thread read the last turn before the barrier that ended it (in mark_done).
    if (threadIdx.x == 0) turn = atomicAdd(a.counters + kFillTurn, 1);
    __syncthreads();
    const int mine = turn;
    if (mine >= n) return;
    const ReflectionComponent c = a.sorted[mine];
    if (!c.too_large) {
      wait_for_overlapping(a, c, mine);
      const bool filled = fill_component(a, c, space);
      if (filled && threadIdx.x == 0) atomicAdd(a.counters + kReflectionsFilled, 1);
    }
    mark_done(a.done + mine);
  }
}

// Two kinds of block in one launch. The first `interpolating` blocks take the listed chunks in
// turn: a chunk's block stages its reflection's samples in shared memory, a piece at a time, and
// each thread interpolates one pixel from them. A block per tile of the region (as the mask's
// blocks) would leave the arithmetic to the few multiprocessors under the reflections, each
// thread loading every sample from the L2 cache in turn. These blocks come first, so that the
// device spreads them over its multiprocessors. The other blocks finish the mask: taken pixels
// (reflections and their halos) become 255; reflection pixels never taken belong to components
// too large to be reflections and become 0, like the rest.
__global__ void __launch_bounds__(kFinishThreads)
    interpolate_and_finish_kernel(DeviceViewU8 mask, DeviceViewU8 dst, const FillSample* samples, const int* taken,
                                  const InterpolationChunk* chunks, const int* counters, int interpolating) {
  await_previous_grid();
  allow_next_grid();
  const int block = static_cast<int>(blockIdx.x);
  if (block >= interpolating) {
    const int per_row = (mask.width + kChunk - 1) / kChunk;
    const int i = (block - interpolating) * kFinishThreads + static_cast<int>(threadIdx.x);
    const int y = i / per_row;
    if (y >= mask.height) return;
    const int x = (i - y * per_row) * kChunk;
    constexpr unsigned kTakenBytes = 0x01010101U * kMaskTaken;
    const uint4 m = load_chunk(mask, x, y);
    store_chunk(mask, x, y, {__vcmpeq4(m.x, kTakenBytes), __vcmpeq4(m.y, kTakenBytes), __vcmpeq4(m.z, kTakenBytes),
                             __vcmpeq4(m.w, kTakenBytes)});
    return;
  }
  __shared__ FillSample staged[kStagedSamples];
  const int n = counters[kChunksListed];
  const int i = static_cast<int>(threadIdx.x);
  for (int k = block; k < n; k += interpolating) {
    const InterpolationChunk chunk = chunks[k];
    const bool mine = i < chunk.pixels;
    const int p = mine ? taken[chunk.first_pixel + i] : 0;
    Interpolation fill(p % mask.width, p / mask.width);
    for (int from = 0; from < chunk.samples; from += kStagedSamples) {
      const int count = min(kStagedSamples, chunk.samples - from);
      __syncthreads();  // the piece before is summed
      for (int j = i; j < count; j += kFinishThreads) staged[j] = samples[chunk.first_sample + from + j];
      __syncthreads();
      if (mine) {
        for (int j = 0; j < count; ++j) fill.add(staged[j]);
      }
    }
    if (mine) dst.at(p % mask.width, p / mask.width) = fill.value();
  }
}

}  // namespace

ReflectionFill::ReflectionFill(int max_width, int max_height, int max_shared_window, int max_samples)
    : max_width_(max_width),
      max_height_(max_height),
      owner_(static_cast<std::size_t>(max_width) * static_cast<std::size_t>(max_height)),
      slot_of_(owner_.size()),
      tags_(owner_.size()),
      lists_{DeviceBuffer<int>(owner_.size()), DeviceBuffer<int>(owner_.size())},
      // Distinct 8-connected components are at least two pixels apart in x or y.
      found_(static_cast<std::size_t>((max_width + 1) / 2) * static_cast<std::size_t>((max_height + 1) / 2)),
      sorted_(found_.size()),
      done_(found_.size()),
      samples_(static_cast<std::size_t>(std::max(1, max_samples))),
      sample_capacity_(max_samples),
      counters_(kReflectionCounters),
      taken_(owner_.size()),
      // A chunk per reflection, and one more for each kChunkPixels of the pixels they take.
      chunks_(found_.size() + owner_.size() / kChunkPixels + 1),
      tile_count_(1),
      tile_list_(static_cast<std::size_t>(mark_tiles(max_width, max_height))) {
  zero_device_now(tile_count_.data(), sizeof(int));
  // Each fill block gets all the shared memory a block may have on this device.
  int device = 0;
  PT_CUDA_CHECK(cudaGetDevice(&device));
  int most = 0;
  PT_CUDA_CHECK(cudaDeviceGetAttribute(&most, cudaDevAttrMaxSharedMemoryPerBlockOptin, device));
  PT_CUDA_CHECK(cudaDeviceGetAttribute(&blocks_, cudaDevAttrMultiProcessorCount, device));
  cudaFuncAttributes kernel{};
  PT_CUDA_CHECK(cudaFuncGetAttributes(&kernel, fill_reflections_kernel));
  const int spare = std::max(0, most - static_cast<int>(kernel.sharedSizeBytes));
  slice_pixels_ = std::min({max_shared_window, kMaxSharedWindow, spare / kSharedBytesPerPixel});
  slice_bytes_ = static_cast<std::size_t>(slice_pixels_) * kSharedBytesPerPixel;
  // The limit belongs to the kernel, not to this object: every instance allows the same most.
  PT_CUDA_CHECK(cudaFuncSetAttribute(fill_reflections_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, spare));
}

void ReflectionFill::require_fits(CDeviceViewU8 src) const {
  if (src.width > max_width_ || src.height > max_height_) {
    throw std::invalid_argument("ReflectionFill: region larger than the workspace");
  }
}

void ReflectionFill::operator()(cudaStream_t stream, CDeviceViewU8 src, DeviceViewU8 mask, DeviceViewU8 dst,
                                long long max_area) {
  require_fits(src);
  if (src.empty()) return;
  copy_async(stream, src, dst);
  PT_CUDA_CHECK(cudaMemsetAsync(tile_count_.data(), 0xFF, sizeof(int), stream));  // kEveryTile
  fill_listed(stream, src, mask, dst, max_area);
}

void ReflectionFill::fill_listed(cudaStream_t stream, CDeviceViewU8 src, DeviceViewU8 mask, DeviceViewU8 dst,
                                 long long max_area) {
  require_fits(src);
  if (src.empty()) return;
  label_components(stream, mask, marked_tiles(), {owner_.data(), slot_of_.data(), found_.data(), counters_.data()});
  const FillArgs args{{src, mask, owner_.data(), tags_.data(), {lists_[0].data(), lists_[1].data()}},
                      dst,
                      found_.data(),
                      sorted_.data(),
                      done_.data(),
                      samples_.data(),
                      sample_capacity_,
                      counters_.data(),
                      taken_.data(),
                      chunks_.data(),
                      tile_count_.data(),
                      max_area,
                      slice_pixels_};
  // Each fill block takes a multiprocessor's shared memory. In a small region (a tracking window)
  // nearly all of a block per multiprocessor would find no reflection left, and would only keep
  // the other eye's fill and the searches off the multiprocessors while they start and end. So
  // the region's tiles bound them: a block per two tiles of the mask, as many as there are
  // multiprocessors at most (a 256 x 256 window gets 16, a 640 x 1024 region all of them).
  const int blocks = std::clamp(mark_tiles(src.width, src.height) / 2, 1, blocks_);
  PT_CUDA_CHECK(launch_chained(order_components_kernel, blocks, kOrderThreads, 0, stream, args));
  PT_CUDA_CHECK(launch_chained(fill_reflections_kernel, blocks, kFillThreads, slice_bytes_, stream, args));
  const int chunks = (src.width + kChunk - 1) / kChunk * src.height;
  PT_CUDA_CHECK(launch_chained(interpolate_and_finish_kernel, blocks + (chunks + kFinishThreads - 1) / kFinishThreads,
                               kFinishThreads, 0, stream, mask, dst, samples_.data(), taken_.data(), chunks_.data(),
                               counters_.data(), blocks));
}

const int* ReflectionFill::filled_count() const noexcept { return counters_.data() + kReflectionsFilled; }

void ReflectionFill::clear_count(cudaStream_t stream) {
  PT_CUDA_CHECK(cudaMemsetAsync(counters_.data() + kReflectionsFilled, 0, sizeof(int), stream));
}

}  // namespace pt::gpu
