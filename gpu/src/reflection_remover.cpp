#include "pt/gpu/reflection_remover.hpp"

#include <algorithm>
#include <stdexcept>

#include "pt/gpu/cuda_check.hpp"
#include "pt/gpu/image_transfer.hpp"
#include "pt/gpu/morphology.hpp"

namespace pt::gpu {

ReflectionRemover::ReflectionRemover(int max_width, int max_height)
    : thresholded_(max_width, max_height), fill_(max_width, max_height) {}

void ReflectionRemover::operator()(cudaStream_t stream, CDeviceViewU8 src, DeviceViewU8 dst, DeviceViewU8 mask,
                                   const ReflectionParams& params) {
  if (src.width > thresholded_.width() || src.height > thresholded_.height()) {
    throw std::invalid_argument("gpu::ReflectionRemover: region larger than its buffers");
  }
  if (src.empty()) return;
  if (!params.enabled) {
    copy_async(stream, src, dst);
    PT_CUDA_CHECK(cudaMemset2DAsync(mask.data, mask.pitch, 0, static_cast<std::size_t>(src.width),
                                    static_cast<std::size_t>(src.height), stream));
    fill_.clear_count(stream);
    return;
  }
  const DeviceViewU8 marks = thresholded_.view().sub({0, 0, src.width, src.height});
  // The CPU clamps its parameters the same way (ReflectionRemover::find_mask).
  // With the fill, the mask's kernel also copies src to dst and lists where the marks are.
  const MaskByproducts also = params.fill ? MaskByproducts{dst, fill_.marked_tiles()} : MaskByproducts{};
  reflection_mask(stream, src, marks, mask, params.kernel_size,
                  static_cast<std::uint8_t>(std::clamp(params.threshold, 0, 255)),
                  static_cast<std::uint8_t>(std::clamp(params.min_brightness, 0, 255)),
                  std::max(1, params.mask_dilation()), also);
  if (!params.fill) {
    copy_async(stream, src, dst);
    fill_.clear_count(stream);
    return;
  }
  fill_.fill_listed(stream, src, mask, dst, 2LL * params.kernel_size * params.kernel_size);
}

}  // namespace pt::gpu
