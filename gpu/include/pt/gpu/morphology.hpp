#pragma once
// Rectangular erosion/dilation and the fused top-hat threshold of the reflection finder, on
// device images, with the CPU filters' semantics to the bit (RectExtremumFilter, TopHatFilter):
// kernel anchored at (k/2, k/2), pixels outside the image ignored. Each call only enqueues.
#include <cstdint>

#include <cuda_runtime_api.h>

#include "pt/gpu/device_view.hpp"
#include "pt/gpu/marked_tiles.hpp"
#include "pt/imgproc/min_max_filter.hpp"

namespace pt::gpu {

// mask = 255 where src minus its opening with a k x k square exceeds `level` on a pixel of at
// least `min_value`, else 0, as TopHatFilter::threshold. Erosion, dilation and the threshold
// meet in shared memory: one read of the image, one write of the mask. Throws
// std::invalid_argument when the tile for k does not fit in shared memory (k above 49).
void top_hat_threshold(cudaStream_t stream, CDeviceViewU8 src, DeviceViewU8 mask, int k, std::uint8_t level,
                       std::uint8_t min_value);

// What the reflection fill needs besides the mask, which the mask's kernel makes on the way from
// the source it reads anyway. Either may be left empty.
struct MaskByproducts {
  DeviceViewU8 copy;  // src's size, apart from src and the mask: becomes a copy of src
  MarkedTiles tiles;  // count 0 before the call: the tiles with marks are listed
};

// mask = the marks of top_hat_threshold(src, k, level, min_value) dilated by a grow x grow square
// (rect_extremum's maximum): the reflection mask of ReflectionRemover::find_mask. The usual sizes
// (odd k to 31, grow 1 to 7 odd) take one kernel that keeps the marks in shared memory; the
// others write them to `marks` (src's size at least, apart from src and mask), then dilate them,
// and then copy src and set the tile count to MarkedTiles::kEveryTile rather than list tiles.
// Throws std::invalid_argument where top_hat_threshold or rect_extremum would.
void reflection_mask(cudaStream_t stream, CDeviceViewU8 src, DeviceViewU8 marks, DeviceViewU8 mask, int k,
                     std::uint8_t level, std::uint8_t min_value, int grow, const MaskByproducts& also = {});

// dst = minimum or maximum over a kw x kh rectangle, as RectExtremumFilter::apply. dst must not
// overlap src. Throws std::invalid_argument when the tile does not fit in shared memory.
void rect_extremum(cudaStream_t stream, CDeviceViewU8 src, DeviceViewU8 dst, int kw, int kh, Extremum op);

}  // namespace pt::gpu
