#include "pt/imgproc/gaussian_filter.hpp"

#include <array>
#include <cassert>
#include <utility>

namespace pt {
namespace {

constexpr int kMaxRadius = GaussianTaps::kMaxRadius;
// Weights carry 16 fractional bits and the vertically filtered row 7 (8.7 fixed point), so each
// tap is one 16-bit high-half multiply (x * w) >> 16, both passes vectorise eight pixels at a
// time, and the two pixels of a symmetric tap pair add up before their one multiply without
// overflowing. Each multiply truncates by under 1/128 grey level.
constexpr int kWeightBits = 16;
constexpr int kFraction = 7;

inline std::uint16_t scale(std::uint16_t x, std::uint16_t weight) noexcept {
  return static_cast<std::uint16_t>((std::uint32_t{x} * weight) >> kWeightBits);
}

// A pixel, or the sum of a symmetric pair, in 8.7 fixed point; at most 510 << 7 fits 16 bits.
inline std::uint16_t fixed(int pixels) noexcept { return static_cast<std::uint16_t>(pixels << kFraction); }

// The radius is a template parameter so the tap loops unroll inside the vectorised pixel loops.
// weights[d] belongs to the taps at distance d from the centre. Cloned for AVX2, chosen at run
// time: sixteen pixels per vector instead of eight, the same integer arithmetic.
template <int R>
[[gnu::target_clones("avx2", "default")]] void filter_rows(CViewU8 src, ViewU8 dst, const std::uint16_t* weights, std::uint16_t* sums) {
  const int w = src.width;
  const int h = src.height;
  std::array<std::uint16_t, R + 1> k{};
  for (int d = 0; d <= R; ++d) k[d] = weights[d];
  std::uint16_t* centre = sums + R;  // sums[R + x] belongs to column x; the margins mirror it
  // Half a grey level rounds to the nearest; the R + 1 truncating multiplies of each pass lose
  // half a unit each on average, and adding that back centres the rounding. Flat areas stay
  // flat: the loss stays under 2 (R + 1) units, well inside half a grey level either way.
  constexpr auto kRounding = static_cast<std::uint16_t>((1U << (kFraction - 1)) + R + 1);
  for (int y = 0; y < h; ++y) {
    std::array<const std::uint8_t*, 2 * R + 1> rows{};
    for (int t = 0; t <= 2 * R; ++t) rows[t] = src.row(reflect101(y + t - R, h));
    for (int x = 0; x < w; ++x) {
      auto acc = scale(fixed(rows[R][x]), k[0]);
      for (int d = 1; d <= R; ++d) {
        acc = static_cast<std::uint16_t>(acc + scale(fixed(rows[R - d][x] + rows[R + d][x]), k[d]));
      }
      centre[x] = acc;
    }
    for (int i = 1; i <= R; ++i) {
      centre[-i] = centre[reflect101(-i, w)];
      centre[w - 1 + i] = centre[reflect101(w - 1 + i, w)];
    }
    std::uint8_t* out = dst.row(y);
    for (int x = 0; x < w; ++x) {
      auto acc = static_cast<std::uint16_t>(kRounding + scale(centre[x], k[0]));
      for (int d = 1; d <= R; ++d) {
        acc = static_cast<std::uint16_t>(acc + scale(static_cast<std::uint16_t>(centre[x - d] + centre[x + d]), k[d]));
      }
      out[x] = static_cast<std::uint8_t>(acc >> kFraction);
    }
  }
}

using RowsFilter = void (*)(CViewU8, ViewU8, const std::uint16_t*, std::uint16_t*);

template <int... I>
constexpr std::array<RowsFilter, sizeof...(I)> make_table(std::integer_sequence<int, I...>) {
  return {&filter_rows<I + 1>...};
}
// Index r - 1 holds the filter of radius r; radius 0, a copy, needs none.
constexpr auto kFilters = make_table(std::make_integer_sequence<int, kMaxRadius>{});

}  // namespace

int reflect101(int i, int n) noexcept {
  if (n == 1) return 0;
  while (i < 0 || i >= n) i = i < 0 ? -i : 2 * n - 2 - i;
  return i;
}

GaussianFilter::GaussianFilter(int ksize, double sigma) : taps_(gaussian_taps(ksize, sigma)) {}

void GaussianFilter::apply(CViewU8 src, ViewU8 dst) {
  assert(src.width == dst.width && src.height == dst.height);
  if (src.empty()) return;
  if (taps_.radius == 0) {
    copy_pixels(src, dst);
    return;
  }
  column_sums_.resize(static_cast<std::size_t>(src.width + 2 * taps_.radius));
  kFilters[static_cast<std::size_t>(taps_.radius - 1)](src, dst, taps_.weights, column_sums_.data());
}

}  // namespace pt
