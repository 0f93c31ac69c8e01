#pragma once
// Reading grey values along rays at sub-pixel positions, shared by the border searches.
#include <algorithm>
#include <cstdint>
#include <optional>

#include "pt/geometry.hpp"
#include "pt/host_device.hpp"
#include "pt/image.hpp"

namespace pt {

[[nodiscard]] PT_HOST_DEVICE inline bool inside_image(CViewU8 img, float x, float y) noexcept {
  return x >= 0.0F && y >= 0.0F && x <= static_cast<float>(img.width - 1) && y <= static_cast<float>(img.height - 1);
}

// Bilinear sample; the caller keeps (x, y) inside the image (inside_image) and the image at
// least 2 x 2.
[[nodiscard]] PT_HOST_DEVICE inline float sample_bilinear(CViewU8 img, float x, float y) noexcept {
  const int x0 = std::min(static_cast<int>(x), img.width - 2);
  const int y0 = std::min(static_cast<int>(y), img.height - 2);
  const float fx = x - static_cast<float>(x0);
  const float fy = y - static_cast<float>(y0);
  const std::uint8_t* r0 = img.row(y0) + x0;
  const std::uint8_t* r1 = r0 + img.stride;
  const float top = static_cast<float>(r0[0]) + fx * static_cast<float>(r0[1] - r0[0]);
  const float bottom = static_cast<float>(r1[0]) + fx * static_cast<float>(r1[1] - r1[0]);
  return top + fy * (bottom - top);
}

// Whether the pixel nearest (x, y), which must lie inside the image, is marked in `mask` (an
// empty mask marks nothing).
[[nodiscard]] PT_HOST_DEVICE inline bool marked(CViewU8 mask, float x, float y) noexcept {
  if (mask.empty()) return false;
  return mask.at(static_cast<int>(x + 0.5F), static_cast<int>(y + 0.5F)) != 0;
}

// The grey at `p` where it can be read: inside the image and off the reflections.
[[nodiscard]] PT_HOST_DEVICE inline std::optional<float> clear_grey(CViewU8 img, CViewU8 mask, Point2f p) noexcept {
  if (!inside_image(img, p.x, p.y) || marked(mask, p.x, p.y)) return std::nullopt;
  return sample_bilinear(img, p.x, p.y);
}

}  // namespace pt
