#include <cstring>
#include <vector>

#include "aravis/mono_format.hpp"
#include "pt_catch.hpp"

using pt::camera::aravis::find_mono_format;
using pt::camera::aravis::narrow_to_8bit;

TEST_CASE("only unpacked grey formats are taken") {
  CHECK(find_mono_format("Mono8")->bytes_per_pixel() == 1);
  CHECK(find_mono_format("Mono10")->bits == 10);
  CHECK(find_mono_format("Mono12")->bytes_per_pixel() == 2);
  CHECK(find_mono_format("Mono16")->bits == 16);
  CHECK_FALSE(find_mono_format("Mono12Packed"));
  CHECK_FALSE(find_mono_format("BayerRG8"));
  CHECK_FALSE(find_mono_format("mono8"));
}

TEST_CASE("deep grey keeps its 8 high bits; words beyond the format's range saturate") {
  const int bits = GENERATE(10, 12, 16);
  const int top = (1 << bits) - 1;
  // One row with padding after it: 4 pixels, stride 10 bytes.
  const std::vector<std::uint16_t> words{0, static_cast<std::uint16_t>(top / 2), static_cast<std::uint16_t>(top),
                                         0xFFFF};
  std::vector<std::uint8_t> row(10, 0xAB);
  std::memcpy(row.data(), words.data(), 8);
  pt::ImageU8 out(4, 1);
  narrow_to_8bit(row.data(), row.size(), bits, out.view());
  CHECK(out.at(0, 0) == 0);
  CHECK(out.at(1, 0) == (top / 2) >> (bits - 8));
  CHECK(out.at(2, 0) == 255);
  CHECK(out.at(3, 0) == 255);
}
