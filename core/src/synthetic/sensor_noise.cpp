#include "sensor_noise.hpp"

#include <algorithm>
#include <cmath>

namespace pt::synthetic {
namespace {

// 2^18 offsets: far more than rows in a frame, and the table (with one row's overhang) still
// fits in the second-level cache.
constexpr unsigned kOffsetBits = 18;

void add_saturating(std::uint8_t* row, const std::int8_t* noise, int n) noexcept {
  for (int i = 0; i < n; ++i) {
    const int v = row[i] + noise[i];
    row[i] = static_cast<std::uint8_t>(std::clamp(v, 0, 255));
  }
}

}  // namespace

SensorNoise::SensorNoise(double sigma, int row_length, std::uint64_t seed) {
  Rng rng(seed, stream_id(RngStream::NoiseTable));
  table_.resize((std::size_t{1} << kOffsetBits) + static_cast<std::size_t>(row_length));
  for (std::int8_t& v : table_) {
    v = static_cast<std::int8_t>(std::clamp(std::round(sigma * rng.normal()), -127.0, 127.0));
  }
}

void SensorNoise::apply(ViewU8 frame, Rng& placement) const noexcept {
  for (int y = 0; y < frame.height; ++y) {
    const auto offset = static_cast<std::size_t>(placement.next() >> (64U - kOffsetBits));
    add_saturating(frame.row(y), table_.data() + offset, frame.width);
  }
}

}  // namespace pt::synthetic
