#include "mono_format.hpp"

#include <algorithm>
#include <array>
#include <cstring>

namespace pt::camera::aravis {
namespace {

constexpr std::array<MonoFormat, 4> kFormats{{{"Mono8", 8}, {"Mono10", 10}, {"Mono12", 12}, {"Mono16", 16}}};

}  // namespace

std::optional<MonoFormat> find_mono_format(std::string_view name) {
  const auto* it = std::find_if(kFormats.begin(), kFormats.end(), [&](const MonoFormat& f) { return f.name == name; });
  return it == kFormats.end() ? std::nullopt : std::optional(*it);
}

std::string mono_format_names() {
  std::string out;
  for (const MonoFormat& f : kFormats) out += (out.empty() ? "" : ", ") + std::string(f.name);
  return out;
}

void narrow_to_8bit(const std::uint8_t* src, std::size_t src_stride, int bits, ViewU8 dst) noexcept {
  const int shift = bits - 8;
  // A word above the format's range (noise in the unused high bits) must not wrap to dark.
  const unsigned top = (1U << bits) - 1U;
  for (int y = 0; y < dst.height; ++y) {
    const std::uint8_t* row = src + static_cast<std::size_t>(y) * src_stride;
    std::uint8_t* out = dst.row(y);
    for (int x = 0; x < dst.width; ++x) {
      std::uint16_t word = 0;
      std::memcpy(&word, row + 2 * static_cast<std::size_t>(x), sizeof word);  // little-endian host
      out[x] = static_cast<std::uint8_t>(std::min<unsigned>(word, top) >> shift);
    }
  }
}

}  // namespace pt::camera::aravis
