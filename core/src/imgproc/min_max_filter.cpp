#include "pt/imgproc/min_max_filter.hpp"

#include <algorithm>
#include <cassert>
#include <cstring>
#include <utility>

namespace pt {
namespace {

template <Extremum Op>
inline std::uint8_t pick(std::uint8_t a, std::uint8_t b) noexcept {
  if constexpr (Op == Extremum::Min) {
    return a < b ? a : b;
  } else {
    return a > b ? a : b;
  }
}

template <Extremum Op>
constexpr std::uint8_t neutral() noexcept {
  return Op == Extremum::Min ? std::uint8_t{255} : std::uint8_t{0};
}

// One line of n samples with the window [i-left, i+right]. `line` holds the samples padded by
// `left` neutral values in front and `right` behind; blocks of k = left+right+1 start at 0.
template <Extremum Op>
void filter_line(const std::uint8_t* padded, std::size_t padded_len, int left, int right,
                 std::uint8_t* prefix, std::uint8_t* suffix, std::uint8_t* out, int n) {
  const auto k = static_cast<std::size_t>(left + right + 1);
  for (std::size_t b = 0; b < padded_len; b += k) {
    const std::size_t e = std::min(b + k, padded_len);
    prefix[b] = padded[b];
    for (std::size_t i = b + 1; i < e; ++i) prefix[i] = pick<Op>(prefix[i - 1], padded[i]);
    suffix[e - 1] = padded[e - 1];
    for (std::size_t i = e - 1; i > b; --i) suffix[i - 1] = pick<Op>(suffix[i], padded[i - 1]);
  }
  // Window of output i covers padded [i, i+k-1]: the suffix of its first block and the
  // prefix of the next one.
  for (int i = 0; i < n; ++i) {
    const auto s = static_cast<std::size_t>(i);
    out[i] = pick<Op>(suffix[s], prefix[s + k - 1]);
  }
}

template <Extremum Op>
void horizontal(CViewU8 src, ViewU8 dst, int kw, std::vector<std::uint8_t>& line,
                std::vector<std::uint8_t>& prefix, std::vector<std::uint8_t>& suffix) {
  const int left = kw / 2;
  const int right = kw - 1 - left;
  const auto padded_len = static_cast<std::size_t>(src.width + left + right);
  line.assign(padded_len, neutral<Op>());
  prefix.resize(padded_len);
  suffix.resize(padded_len);
  for (int y = 0; y < src.height; ++y) {
    std::memcpy(line.data() + left, src.row(y), static_cast<std::size_t>(src.width));
    filter_line<Op>(line.data(), padded_len, left, right, prefix.data(), suffix.data(), dst.row(y),
                    src.width);
  }
}

// The vertical pass runs the same block scheme over whole rows at once, so the inner loops walk
// contiguous memory and vectorise.
template <Extremum Op>
void vertical(CViewU8 src, ViewU8 dst, int kh, ImageU8& prefix, ImageU8& suffix) {
  const int top = kh / 2;
  const int bottom = kh - 1 - top;
  const int w = src.width;
  const int padded_h = src.height + top + bottom;
  prefix.resize(w, padded_h);
  suffix.resize(w, padded_h);
  auto padded_row = [&](int py) -> const std::uint8_t* {
    const int y = py - top;
    return (y >= 0 && y < src.height) ? src.row(y) : nullptr;
  };
  auto combine_row = [&](std::uint8_t* out, const std::uint8_t* a, const std::uint8_t* b) {
    if (b == nullptr) {
      std::memcpy(out, a, static_cast<std::size_t>(w));
      return;
    }
    for (int x = 0; x < w; ++x) out[x] = pick<Op>(a[x], b[x]);
  };
  auto set_row = [&](std::uint8_t* out, const std::uint8_t* r) {
    if (r != nullptr) {
      std::memcpy(out, r, static_cast<std::size_t>(w));
    } else {
      std::memset(out, neutral<Op>(), static_cast<std::size_t>(w));
    }
  };
  auto prow = [&](ImageU8& img, int py) { return img.data() + static_cast<std::ptrdiff_t>(py) * w; };
  for (int b = 0; b < padded_h; b += kh) {
    const int e = std::min(b + kh, padded_h);
    set_row(prow(prefix, b), padded_row(b));
    for (int py = b + 1; py < e; ++py) {
      const std::uint8_t* r = padded_row(py);
      if (r == nullptr) {
        std::memcpy(prow(prefix, py), prow(prefix, py - 1), static_cast<std::size_t>(w));
      } else {
        combine_row(prow(prefix, py), r, prow(prefix, py - 1));
      }
    }
    set_row(prow(suffix, e - 1), padded_row(e - 1));
    for (int py = e - 1; py > b; --py) {
      const std::uint8_t* r = padded_row(py - 1);
      if (r == nullptr) {
        std::memcpy(prow(suffix, py - 1), prow(suffix, py), static_cast<std::size_t>(w));
      } else {
        combine_row(prow(suffix, py - 1), r, prow(suffix, py));
      }
    }
  }
  for (int y = 0; y < src.height; ++y) {
    const std::uint8_t* s = prow(suffix, y);
    const std::uint8_t* p = prow(prefix, y + kh - 1);
    std::uint8_t* out = dst.row(y);
    for (int x = 0; x < w; ++x) out[x] = pick<Op>(s[x], p[x]);
  }
}

template <Extremum Op>
void run(CViewU8 src, ViewU8 dst, int kw, int kh, std::vector<std::uint8_t>& line,
         std::vector<std::uint8_t>& prefix, std::vector<std::uint8_t>& suffix, ImageU8& tmp,
         ImageU8& col_prefix, ImageU8& col_suffix) {
  tmp.resize(src.width, src.height);
  horizontal<Op>(src, tmp.view(), kw, line, prefix, suffix);
  vertical<Op>(std::as_const(tmp).view(), dst, kh, col_prefix, col_suffix);
}

}  // namespace

void RectExtremumFilter::apply(CViewU8 src, ViewU8 dst, int kw, int kh, Extremum op) {
  assert(src.width == dst.width && src.height == dst.height);
  assert(kw >= 1 && kh >= 1);
  if (src.empty()) return;
  if (op == Extremum::Min) {
    run<Extremum::Min>(src, dst, kw, kh, line_, prefix_, suffix_, tmp_, col_prefix_, col_suffix_);
  } else {
    run<Extremum::Max>(src, dst, kw, kh, line_, prefix_, suffix_, tmp_, col_prefix_, col_suffix_);
  }
}

}  // namespace pt
