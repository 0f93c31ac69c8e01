#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "pt/image.hpp"

namespace pt::camera::aravis {

// A grey pixel format the tracker can take: 8 bits as they are, 10, 12 or 16 bits in a
// little-endian 16-bit word each (the unpacked GenICam layouts).
struct MonoFormat {
  std::string_view name;
  int bits = 8;
  [[nodiscard]] int bytes_per_pixel() const noexcept { return bits > 8 ? 2 : 1; }
};

[[nodiscard]] std::optional<MonoFormat> find_mono_format(std::string_view name);

// "Mono8, Mono10, Mono12, Mono16", for messages.
[[nodiscard]] std::string mono_format_names();

// Keeps the 8 most significant of `bits` bits of each pixel of `src` (rows `src_stride` bytes
// apart, dst.width x dst.height pixels), the way a display shows deep grey.
void narrow_to_8bit(const std::uint8_t* src, std::size_t src_stride, int bits, ViewU8 dst) noexcept;

}  // namespace pt::camera::aravis
