#include "pt/imgproc/min_max_filter.hpp"

#include <algorithm>
#include <array>
#include <cassert>
#include <cstring>
#include <utility>

#include "pt/imgproc/byte_transpose.hpp"

namespace pt {
namespace {

using Scratch = detail::ExtremumScratch;

constexpr int kVector = 16;  // bytes per SSE2 vector, and the side of a transposed block
// Rows per band. A column line then spans two vectors, whose independent chains hide the latency
// of carrying the running extrema from one line to the next through memory.
constexpr int kBand = 32;
// A compile-time line length lets the compiler turn column lines into straight vector code.
using ColumnLength = std::integral_constant<int, kBand>;
using Vec = std::array<std::uint8_t, kVector>;

template <Extremum Op>
inline std::uint8_t pick(std::uint8_t a, std::uint8_t b) noexcept {
  if constexpr (Op == Extremum::Min) {
    return a < b ? a : b;
  } else {
    return a > b ? a : b;
  }
}

template <Extremum Op>
inline void pick_into(Vec& a, const Vec& b) noexcept {
  for (int i = 0; i < kVector; ++i) a[i] = pick<Op>(a[i], b[i]);
}

template <Extremum Op>
constexpr std::uint8_t neutral() noexcept {
  return Op == Extremum::Min ? std::uint8_t{255} : std::uint8_t{0};
}

// Whole vectors travel through named local copies: the lines may overlap as far as the compiler
// knows, and the copies spare it a run-time overlap test before it uses vector instructions.
inline void load(Vec& v, const std::uint8_t* p) noexcept { std::memcpy(v.data(), p, kVector); }
inline void store(std::uint8_t* p, const Vec& v) noexcept { std::memcpy(p, v.data(), kVector); }

// out = pick(a, b) along a line of `len` bytes.
template <Extremum Op, class Len>
inline void combine(std::uint8_t* out, const std::uint8_t* a, const std::uint8_t* b, Len len) noexcept {
  int x = 0;
  for (; x + kVector <= len; x += kVector) {
    Vec va;
    Vec vb;
    load(va, a + x);
    load(vb, b + x);
    pick_into<Op>(va, vb);
    store(out + x, va);
  }
  for (; x < len; ++x) out[x] = pick<Op>(a[x], b[x]);
}

// One step of a running extremum: head = pick(head, next), then out = pick(tail, head).
template <Extremum Op, class Len>
inline void advance(std::uint8_t* head, const std::uint8_t* next, const std::uint8_t* tail, std::uint8_t* out,
                    Len len) noexcept {
  int x = 0;
  for (; x + kVector <= len; x += kVector) {
    Vec vh;
    Vec v;
    load(vh, head + x);
    load(v, next + x);
    pick_into<Op>(vh, v);
    store(head + x, vh);
    load(v, tail + x);
    pick_into<Op>(v, vh);
    store(out + x, v);
  }
  for (; x < len; ++x) {
    head[x] = pick<Op>(head[x], next[x]);
    out[x] = pick<Op>(tail[x], head[x]);
  }
}

inline std::size_t bytes(int lines, int len) noexcept {
  return static_cast<std::size_t>(lines) * static_cast<std::size_t>(len);
}

inline int round_up(int n, int m) noexcept { return (n + m - 1) / m * m; }

// How far a kernel of k reaches on either side of its anchor along a line of n, clipped: reaching
// past the far end changes nothing, and the clip bounds block lengths and padding.
struct Reach {
  int before;
  int after;
};

Reach reach(int k, int n) noexcept { return {std::min(k / 2, n - 1), std::min(k - 1 - k / 2, n - 1)}; }

// The window extremum along a sequence of n lines of `len` bytes: image rows in the vertical
// pass, columns of a transposed band in the horizontal one. Output line i combines input lines
// [i - before, i + after]; `line(p)` yields a neutral line for p outside [0, n). Line i is
// written to out(i), then done(i) is called.
// With k = before + after + 1 and the input shifted by `before`, output i covers shifted lines
// [i, i + k - 1]: the tail of the k-block holding i (a suffix extremum) and the head of the next
// block (a running prefix extremum). That is three extremum operations per line whatever k is
// (van Herk / Gil-Werman), and only one block of suffixes needs storing.
template <Extremum Op, class Len, class LineAt, class OutAt, class Done>
void slide(int n, Reach r, Len len, LineAt line, OutAt out, Done done, std::uint8_t* suffix, std::uint8_t* prefix) {
  const int k = r.before + r.after + 1;
  const auto line_bytes = static_cast<std::size_t>(len);
  const auto shifted = [&](int p) { return line(p - r.before); };
  const auto tail = [&](int j) { return suffix + static_cast<std::ptrdiff_t>(j) * len; };
  for (int b = 0; b < n; b += k) {
    std::memcpy(tail(k - 1), shifted(b + k - 1), line_bytes);
    for (int j = k - 2; j >= 0; --j) combine<Op>(tail(j), shifted(b + j), tail(j + 1), len);
    std::memcpy(out(b), tail(0), line_bytes);
    done(b);
    std::memset(prefix, neutral<Op>(), line_bytes);  // the head of the next block, empty so far
    for (int i = b + 1; i < std::min(b + k, n); ++i) {
      advance<Op>(prefix, shifted(i + k - 1), tail(i - b), out(i), len);
      done(i);
    }
  }
}

// The vertical pass: row y of the result goes to out(y), then done(y) is called.
template <Extremum Op, class OutAt, class Done>
void vertical(CViewU8 src, int kh, Scratch& s, OutAt out, Done done) {
  const int w = src.width;
  const int h = src.height;
  const Reach down = reach(kh, h);
  s.neutral_row.assign(static_cast<std::size_t>(w), neutral<Op>());
  s.row_suffix.resize(bytes(down.before + down.after + 1, w));
  s.row_prefix.resize(static_cast<std::size_t>(w));
  const std::uint8_t* const neutral_row = s.neutral_row.data();
  slide<Op>(
      h, down, w, [src, neutral_row](int y) { return y >= 0 && y < src.height ? src.row(y) : neutral_row; }, out,
      done, s.row_suffix.data(), s.row_prefix.data());
}

// One horizontal pass over columns laid out by horizontal(): `in` and `out` point at column 0,
// with the padding lines for the pixels outside the image on either side.
template <Extremum Op>
void column_pass(std::uint8_t* in, std::uint8_t* out, int w, Reach across, Scratch& s) {
  std::array<std::uint8_t, kBand> head{};
  std::memset(in - bytes(across.before, kBand), neutral<Op>(), bytes(across.before, kBand));
  // The last transposed block may have brought in columns past the image; they are padding too.
  std::memset(in + bytes(w, kBand), neutral<Op>(), bytes(across.after, kBand));
  slide<Op>(
      w, across, ColumnLength{}, [in](int x) { return in + static_cast<std::ptrdiff_t>(x) * kBand; },
      [out](int x) { return out + static_cast<std::ptrdiff_t>(x) * kBand; }, [](int) {}, s.column_suffix.data(),
      head.data());
}

// The horizontal passes over one band of kBand rows, `stride` apart and padded to whole vectors:
// the band is transposed into column lines, filtered along x by each of Ops in turn, and
// transposed back into kBand rows at `target` (which may be the band itself).
template <Extremum... Ops>
void horizontal(const std::uint8_t* band, std::ptrdiff_t stride, int w, int kw, Scratch& s, std::uint8_t* target,
                std::ptrdiff_t target_stride) {
  const Reach across = reach(kw, w);
  const int lines = across.before + std::max(round_up(w, kVector), w + across.after);
  for (auto& c : s.columns) c.resize(bytes(lines, kBand));
  s.column_suffix.resize(bytes(across.before + across.after + 1, kBand));
  std::uint8_t* in = s.columns[0].data() + bytes(across.before, kBand);
  std::uint8_t* out = s.columns[1].data() + bytes(across.before, kBand);
  for (int x = 0; x < w; x += kVector) {
    for (int r = 0; r < kBand; r += kVector) {
      transpose16x16(band + r * stride + x, stride, in + bytes(x, kBand) + r, kBand);
    }
  }
  ((column_pass<Ops>(in, out, w, across, s), std::swap(in, out)), ...);
  for (int x = 0; x < w; x += kVector) {
    for (int r = 0; r < kBand; r += kVector) {
      transpose16x16(in + bytes(x, kBand) + r, kBand, target + r * target_stride + x, target_stride);
    }
  }
}

inline int band_stride(int width) noexcept { return round_up(width, kVector); }

// The vertical pass, collecting its rows in a band (rows band_stride apart) and calling
// on_band(y0, rows) on each full band and on the last, partial one.
template <Extremum Op, class OnBand>
void vertical_bands(CViewU8 src, int kh, Scratch& s, OnBand on_band) {
  const int stride = band_stride(src.width);
  s.band.resize(bytes(kBand, stride));
  std::uint8_t* const band = s.band.data();
  const auto band_row = [band, stride](int y) { return band + static_cast<std::ptrdiff_t>(y % kBand) * stride; };
  vertical<Op>(src, kh, s, band_row, [&](int y) {
    if (y % kBand != kBand - 1 && y != src.height - 1) return;
    const int y0 = y / kBand * kBand;
    on_band(y0, y + 1 - y0);
  });
}

template <Extremum Op>
void filter(CViewU8 src, int kw, int kh, Scratch& s, RowSink sink) {
  const int stride = band_stride(src.width);
  vertical_bands<Op>(src, kh, s, [&](int y0, int rows) {
    std::uint8_t* const band = s.band.data();
    horizontal<Op>(band, stride, src.width, kw, s, band, stride);
    for (int r = 0; r < rows; ++r) sink(y0 + r, band + static_cast<std::ptrdiff_t>(r) * stride);
  });
}

// Vertical erosion, then the horizontal erosion and dilation on the same transposed band, then
// the vertical dilation over the whole result.
void open(CViewU8 src, int kw, int kh, Scratch& s, RowSink sink) {
  const int stride = band_stride(src.width);
  // Rows padded to whole bands, so the last band transposes straight in like the others.
  s.half_opened.resize(bytes(round_up(src.height, kBand), stride));
  std::uint8_t* const half_opened = s.half_opened.data();
  vertical_bands<Extremum::Min>(src, kh, s, [&](int y0, int) {
    horizontal<Extremum::Min, Extremum::Max>(s.band.data(), stride, src.width, kw, s,
                                             half_opened + static_cast<std::ptrdiff_t>(y0) * stride, stride);
  });
  std::uint8_t* const row = s.band.data();  // free again: holds one finished row at a time
  vertical<Extremum::Max>(
      CViewU8{half_opened, src.width, src.height, stride}, kh, s, [row](int) { return row; },
      [row, sink](int y) { sink(y, row); });
}

}  // namespace

void RectExtremumFilter::apply(CViewU8 src, int kw, int kh, Extremum op, RowSink sink) {
  assert(kw >= 1 && kh >= 1);
  if (src.empty()) return;
  if (op == Extremum::Min) {
    filter<Extremum::Min>(src, kw, kh, scratch_, sink);
  } else {
    filter<Extremum::Max>(src, kw, kh, scratch_, sink);
  }
}

void RectExtremumFilter::apply(CViewU8 src, ViewU8 dst, int kw, int kh, Extremum op) {
  assert(src.width == dst.width && src.height == dst.height);
  apply(src, kw, kh, op, [dst](int y, const std::uint8_t* row) {
    std::memcpy(dst.row(y), row, static_cast<std::size_t>(dst.width));
  });
}

void RectExtremumFilter::opening(CViewU8 src, int kw, int kh, RowSink sink) {
  assert(kw >= 1 && kh >= 1);
  if (src.empty()) return;
  open(src, kw, kh, scratch_, sink);
}

}  // namespace pt
