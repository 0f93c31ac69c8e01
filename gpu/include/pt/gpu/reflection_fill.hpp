#pragma once
// The second half of corneal-reflection removal on the GPU: given the dilated reflection mask,
// each reflection is widened by its halo and filled by distance-weighted interpolation from the
// pixels around it, with the results of core's ReflectionRemover to the bit.
//
// How the CPU's sequential fill became parallel without changing its result:
// - Components (8-connected) are labelled in parallel by union-find, each labelled by its first
//   pixel in raster order: the order in which the CPU meets and numbers them. Only the tiles
//   where the mask has marks are labelled, a block each (reflection_mask lists them, at no cost).
// - A reflection reads and writes only within its window: its bounding box grown by its halo's
//   reach plus one pixel. Reflections whose windows are disjoint cannot affect each other, so
//   they are processed concurrently, one block each on its own multiprocessor, in shared memory
//   when the window fits; blocks take the reflections in raster order, and one whose window meets
//   an earlier one's waits for that one alone (a flag per reflection in device memory).
// - Within a reflection, the CPU's result depends on sets of pixels and raster order alone
//   (reflection_fill_rules.hpp), so the block grows each ring, all its pixels at once, from the
//   list of the one before (see reflection_fill_block.cuh).
// - The interpolation, the bulk of the arithmetic, is left to a last kernel, which also finishes
//   the mask: each reflection's samples and the list of its pixels wait for it in device memory,
//   and its blocks take the reflections' pixels in chunks, spread over the device.
#include <cstdint>
#include <limits>

#include <cuda_runtime_api.h>

#include "pt/gpu/device_memory.hpp"
#include "pt/gpu/marked_tiles.hpp"

namespace pt::gpu {

// One reflection candidate (8-connected component of the dilated mask), in device memory.
struct ReflectionComponent {
  int seed = 0;  // raster index of its first pixel in the region: also its id
  int area = 0;
  int x0 = 0, y0 = 0, x1 = 0, y1 = 0;  // bounding box, inclusive
  int rings = 0;                       // halo rings it may take: as wide as the reflection itself
  bool too_large = false;              // too large to be a reflection: left as it is
};

struct FillSample;          // a border pixel kept for the interpolation
struct InterpolationChunk;  // some of one reflection's pixels, for one block of the interpolation

class ReflectionFill {
 public:
  // Border samples kept for the interpolation: some thousands of reflections' worth.
  static constexpr int kDefaultSamples = 1 << 18;

  // Workspace for regions up to max_width x max_height, allocated here once. A block keeps a
  // window of at most max_shared_window pixels in shared memory (never more than the device
  // allows); larger windows are worked on in device memory, the slower way to the same result.
  // The borders of one call's reflections keep up to max_samples pixels for the interpolation;
  // reflections beyond are interpolated the slower way, by their block.
  ReflectionFill(int max_width, int max_height, int max_shared_window = std::numeric_limits<int>::max(),
                 int max_samples = kDefaultSamples);
  // mask: the dilated reflection mask (0 or 255), rewritten to the final mask (halos added,
  // components larger than max_area removed); dst: src with the reflections filled. dst must not
  // overlap src. Throws std::invalid_argument for a region larger than the workspace.
  void operator()(cudaStream_t stream, CDeviceViewU8 src, DeviceViewU8 mask, DeviceViewU8 dst, long long max_area);
  // The same, where reflection_mask has made the mask with byproducts {dst, marked_tiles()}: dst
  // already a copy of src, and the tiles with marks listed.
  void fill_listed(cudaStream_t stream, CDeviceViewU8 src, DeviceViewU8 mask, DeviceViewU8 dst, long long max_area);
  // Where reflection_mask lists the tiles with marks for fill_listed; the count is 0 between calls.
  [[nodiscard]] MarkedTiles marked_tiles() const noexcept { return {tile_count_.data(), tile_list_.data()}; }
  // Reflections filled by the last call, in device memory: ReflectionRemover::apply's count.
  [[nodiscard]] const int* filled_count() const noexcept;
  // Enqueues a zero count, for a call that looks for no reflections.
  void clear_count(cudaStream_t stream);

 private:
  void require_fits(CDeviceViewU8 src) const;

  int max_width_;
  int max_height_;
  // Per mask pixel: the id of its component (others' entries are never read).
  DeviceBuffer<int> owner_;
  DeviceBuffer<int> slot_of_;  // at a component's seed: its place in found_
  // For windows too large for shared memory: the tags and the two ring lists (fill_stores.cuh).
  DeviceBuffer<std::uint16_t> tags_;
  DeviceBuffer<int> lists_[2];
  DeviceBuffer<ReflectionComponent> found_;   // in the order labelling found them
  DeviceBuffer<ReflectionComponent> sorted_;  // in raster order of their seeds
  DeviceBuffer<int> done_;                    // per sorted component: filled, its marks in the mask
  DeviceBuffer<FillSample> samples_;          // for the interpolation by the last kernel
  int sample_capacity_;
  DeviceBuffer<int> counters_;                // components found, reflections filled, samples stored
  DeviceBuffer<int> taken_;                   // pixels waiting for the interpolation
  DeviceBuffer<InterpolationChunk> chunks_;
  DeviceBuffer<int> tile_count_;
  DeviceBuffer<int> tile_list_;
  int slice_pixels_ = 0;                      // a block's window in shared memory
  std::size_t slice_bytes_ = 0;
  int blocks_ = 0;                            // the most fill blocks: one per multiprocessor
};

}  // namespace pt::gpu
