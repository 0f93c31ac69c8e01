#include "pt/imgproc/top_hat.hpp"

#include <array>
#include <cassert>
#include <cstring>

namespace pt {

// The row loops below read everything through locals: a store through a byte pointer could
// change anything reached by reference, and the reloads would keep the loops from vectorising.

void TopHatFilter::apply(CViewU8 src, ViewU8 dst, int k) {
  assert(src.width == dst.width && src.height == dst.height);
  extremum_.opening(src, k, k, [src, dst](int y, const std::uint8_t* opened) {
    const std::uint8_t* s = src.row(y);
    std::uint8_t* d = dst.row(y);
    const int w = src.width;
    // The opening never exceeds the image, so the difference cannot wrap.
    for (int x = 0; x < w; ++x) d[x] = static_cast<std::uint8_t>(s[x] - opened[x]);
  });
}

namespace {

inline std::uint8_t mark(std::uint8_t s, std::uint8_t opened, std::uint8_t level, std::uint8_t min_value) noexcept {
  const auto response = static_cast<std::uint8_t>(s - opened);
  return response > level && s >= min_value ? std::uint8_t{255} : std::uint8_t{0};
}

}  // namespace

void TopHatFilter::threshold(CViewU8 src, int k, std::uint8_t level, std::uint8_t min_value, RowSink sink) {
  mask_row_.resize(static_cast<std::size_t>(src.width));
  std::uint8_t* const m = mask_row_.data();
  extremum_.opening(src, k, k, [src, level, min_value, m, sink](int y, const std::uint8_t* opened) {
    const std::uint8_t* s = src.row(y);
    const int w = src.width;
    const std::uint8_t lv = level;
    const std::uint8_t floor = min_value;
    std::uint8_t* const out = m;
    // Whole vectors through local copies, as in min_max_filter.cpp: the stores into m could
    // alias the rows for all the compiler knows, which would keep the loop scalar.
    constexpr int kVector = 16;
    int x = 0;
    for (; x + kVector <= w; x += kVector) {
      std::array<std::uint8_t, kVector> a;
      std::array<std::uint8_t, kVector> b;
      std::memcpy(a.data(), s + x, kVector);
      std::memcpy(b.data(), opened + x, kVector);
      for (int i = 0; i < kVector; ++i) a[i] = mark(a[i], b[i], lv, floor);
      std::memcpy(out + x, a.data(), kVector);
    }
    for (; x < w; ++x) out[x] = mark(s[x], opened[x], lv, floor);
    sink(y, out);
  });
}

void TopHatFilter::threshold(CViewU8 src, ViewU8 mask, int k, std::uint8_t level, std::uint8_t min_value) {
  assert(src.width == mask.width && src.height == mask.height);
  threshold(src, k, level, min_value, [mask](int y, const std::uint8_t* row) {
    std::memcpy(mask.row(y), row, static_cast<std::size_t>(mask.width));
  });
}

}  // namespace pt
