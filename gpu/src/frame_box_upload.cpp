#include "frame_box_upload.hpp"

#include <algorithm>

#include "pt/gpu/image_transfer.hpp"

namespace pt::gpu {
namespace {

// The kernels' widest loads (mask chunks) take 16 bytes where rows start on a 16-byte boundary.
constexpr int kRowAlignment = 16;

}  // namespace

std::optional<RectI> tiled_box(std::span<const RectI> rects) {
  if (rects.size() < 2) return std::nullopt;
  RectI box = rects.front();
  long long area = 0;
  for (const RectI& r : rects) {
    if (r.empty()) return std::nullopt;
    const int x1 = std::max(box.x + box.w, r.x + r.w);
    const int y1 = std::max(box.y + box.h, r.y + r.h);
    box.x = std::min(box.x, r.x);
    box.y = std::min(box.y, r.y);
    box.w = x1 - box.x;
    box.h = y1 - box.y;
    area += static_cast<long long>(r.w) * r.h;
  }
  // Disjoint rects whose areas sum to the box's cover it.
  for (std::size_t i = 0; i < rects.size(); ++i) {
    for (std::size_t j = i + 1; j < rects.size(); ++j) {
      if (!rects[i].intersect(rects[j]).empty()) return std::nullopt;
    }
  }
  if (area != static_cast<long long>(box.w) * box.h) return std::nullopt;
  if (std::ranges::any_of(rects, [&](const RectI& r) { return (r.x - box.x) % kRowAlignment != 0; })) return std::nullopt;
  return box;
}

DeviceViewU8 FrameBoxUpload::operator()(cudaStream_t stream, CViewU8 box) {
  // Rows padded to 16 bytes only, not to cudaMallocPitch's wider alignment (DeviceImage): a box
  // of whole 1280-byte rows is then one run of bytes on both sides, the copy timed in session 35.
  const std::size_t pitch = (static_cast<std::size_t>(box.width) + kRowAlignment - 1) / kRowAlignment * kRowAlignment;
  const std::size_t bytes = pitch * static_cast<std::size_t>(box.height);
  // A frame in flight owns its upload, which is free again once that frame is collected.
  if (pixels_.size() < bytes) pixels_ = DeviceBuffer<std::uint8_t>(bytes);
  const DeviceViewU8 dst{pixels_.data(), box.width, box.height, pitch};
  upload_async(stream, box, dst);
  return dst;
}

}  // namespace pt::gpu
