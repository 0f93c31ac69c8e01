#include "pt/imgproc/median_filter.hpp"

#include <algorithm>
#include <array>
#include <cassert>

namespace pt {

void MedianFilter::apply(CViewU8 src, ViewU8 dst, int radius) {
  assert(src.width == dst.width && src.height == dst.height && radius >= 0);
  const int w = src.width;
  const int h = src.height;
  const int k = 2 * radius + 1;
  const int half = k * k / 2;
  rows_.resize(static_cast<std::size_t>(k));
  auto clamp_x = [w](int x) { return std::clamp(x, 0, w - 1); };

  for (int y = 0; y < h; ++y) {
    for (int t = 0; t < k; ++t) rows_[static_cast<std::size_t>(t)] = src.row(std::clamp(y + t - radius, 0, h - 1));
    std::array<int, 256> hist{};
    for (int dx = -radius; dx <= radius; ++dx) {
      for (const std::uint8_t* r : rows_) ++hist[r[clamp_x(dx)]];
    }
    // `below` counts window values smaller than the running median m.
    int m = 0;
    int below = 0;
    while (below + hist[static_cast<std::size_t>(m)] <= half) below += hist[static_cast<std::size_t>(m++)];
    std::uint8_t* out = dst.row(y);
    out[0] = static_cast<std::uint8_t>(m);
    for (int x = 1; x < w; ++x) {
      const int x_out = clamp_x(x - radius - 1);
      const int x_in = clamp_x(x + radius);
      for (const std::uint8_t* r : rows_) {
        const int v_out = r[x_out];
        const int v_in = r[x_in];
        --hist[static_cast<std::size_t>(v_out)];
        ++hist[static_cast<std::size_t>(v_in)];
        below += (v_in < m) - (v_out < m);
      }
      while (below > half) below -= hist[static_cast<std::size_t>(--m)];
      while (below + hist[static_cast<std::size_t>(m)] <= half) below += hist[static_cast<std::size_t>(m++)];
      out[x] = static_cast<std::uint8_t>(m);
    }
  }
}

}  // namespace pt
