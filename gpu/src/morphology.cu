#include "pt/gpu/morphology.hpp"

#include <stdexcept>
#include <string>

#include "chained_launch.cuh"
#include "kernel_span.cuh"
#include "line_segments.cuh"
#include "pt/gpu/cuda_check.hpp"
#include "pt/gpu/image_transfer.hpp"
#include "search/warp_reduce.cuh"
#include "tile_io.cuh"

namespace pt::gpu {
namespace {

constexpr int kThreads = 256;
// The marks tile's passes have more segments than the other filters', so its blocks are larger:
// the default's (19 x 19, grown by 5) row passes take one round of segments, its column
// erosion (132 columns in 4 segments each) two.
constexpr int kMarksThreads = 512;
constexpr std::size_t kMaxSharedBytes = 48 * 1024;  // without an opt-in, on every architecture we build for
// The reflection finder's square (19 by default) and the usual small dilations get kernels of
// their own, with the window in registers (line_segments.cuh); other sizes take the tap loops.
// 13 is the dilation of reflections masked but not filled (ReflectionParams::unfilled_dilation).
using TopHatSizes = std::integer_sequence<int, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31>;
using RectSizes = std::integer_sequence<int, 3, 5, 7, 9, 11, 13>;
// Dilations of the reflection marks fused with their top-hat (1: the marks themselves).
using MarkGrowSizes = std::integer_sequence<int, 1, 3, 5, 7>;

// The planes of one reflection-marks tile. The marks grow by a G x G square, so they are needed
// on the output tile and G's reach around it; the opening by a K x K square needs the erosion
// K's reach beyond them, and the erosion the source as far again. Rows are filtered whole
// segments at a time, read and written in words, so their lengths round up.
template <int K, int G>
struct MarksTile {
  // The marks, from column x0 - G/2 and row y0 - G/2.
  static constexpr int kMarksW = round_up(kTileW + G - 1, 4);
  static constexpr int kMarksH = kTileH + G - 1;
  // The opening's dilation along the rows, from the marks' column.
  static constexpr int kDilatedW = round_up(kMarksW, kSegment);
  // The erosion, from column x0 - G/2 - K/2 and row y0 - G/2 - K/2.
  static constexpr int kErodedW = round_up(kDilatedW + K - 1, kSegment);
  static constexpr int kErodedH = kMarksH + K - 1;
  // The source, from row y0 - kBefore and column x0 - kBefore - kSkew, the word-aligned one.
  static constexpr int kBefore = G / 2 + 2 * (K / 2);
  static constexpr int kSkew = round_up(kBefore, 4) - kBefore;
  static constexpr int kSourceW = round_up(kSkew + kErodedW + K - 1, 4);
  static constexpr int kSourceH = kErodedH + K - 1;
  static constexpr int kSourceStride = shared_stride(kSourceW);
  static constexpr int kNarrowStride = shared_stride(kErodedW);
  // The source; "wide" (the erosion down the columns, laid out as the source, then the dilation
  // along the rows, then the marks grown along the rows); "narrow" (the erosion, then the marks).
  static constexpr std::size_t kBytes =
      static_cast<std::size_t>(kSourceH * kSourceStride + kErodedH * (kSourceStride + kNarrowStride));
};

// Whether any pixel of a marks tile's marks can be marked, from its source tile in shared memory
// (rows from y0 - kBefore, columns from x0 - kBefore - kSkew, pixels off the image at 255). A
// mark needs a pixel of at least `min_value` that exceeds its opening by more than `level`, and
// the opening of a pixel on the image is never below the least pixel within twice the square's
// reach, which the source tile holds. Most of an eye region is too dark or too even for a glint:
// on the bench's synthetic eyes five tiles in six have no mark to look for, and skip the opening.
// `least` is shared, 255 before the barrier that ends the tile's load. Called by all threads.
template <int K, int G>
__device__ bool tile_may_mark(CDeviceViewU8 src, const SharedPlane& source, int x0, int y0, std::uint8_t level,
                              std::uint8_t min_value, unsigned& least) {
  using T = MarksTile<K, G>;
  constexpr int kWords = T::kSourceW / 4;
  const int left = x0 - T::kBefore - T::kSkew;
  const int top = y0 - T::kBefore;
  // The marks that the output tile's dilation reads, clipped to the image.
  const int marks_x0 = max(x0 - G / 2, 0);
  const int marks_x1 = min(x0 + kTileW + G / 2, src.width);
  const int marks_y0 = max(y0 - G / 2, 0);
  const int marks_y1 = min(y0 + kTileH + G / 2, src.height);
  unsigned lo = 0xFFFFFFFFU;
  unsigned hi = 0;
  for (int i = static_cast<int>(threadIdx.x); i < T::kSourceH * kWords; i += kMarksThreads) {
    const int r = i / kWords;
    const int x = left + 4 * (i % kWords);
    const unsigned word = source.word(r, i % kWords);
    lo = __vminu4(lo, word);
    if (top + r < marks_y0 || top + r >= marks_y1) continue;
    unsigned candidates = 0;
#pragma unroll
    for (int b = 0; b < 4; ++b) candidates |= x + b >= marks_x0 && x + b < marks_x1 ? 0xFFU << (8 * b) : 0U;
    hi = __vmaxu4(hi, word & candidates);
  }
  lo = min(min(lo & 0xFFU, (lo >> 8) & 0xFFU), min((lo >> 16) & 0xFFU, lo >> 24));
  hi = max(max(hi & 0xFFU, (hi >> 8) & 0xFFU), max((hi >> 16) & 0xFFU, hi >> 24));
  lo = search::warp_min(0xFFFFFFFFU, lo);
  if (threadIdx.x % 32 == 0) atomicMin(&least, lo);
  __syncthreads();
  return __syncthreads_or(hi >= min_value && hi > least + level) != 0;
}

static_assert(kTileW == kMarkTileW && kTileH == kMarkTileH, "the marks kernel lists its own tiles");

// The output tile's pixels of the source tile (as tile_may_mark has it) copied to `copy`.
template <int K, int G>
__device__ void copy_output_tile(const SharedPlane& source, DeviceViewU8 copy, int x0, int y0) {
  using T = MarksTile<K, G>;
  constexpr int kWords = kTileW / 4;
  constexpr int kFirstWord = (T::kBefore + T::kSkew) / 4;
  const bool aligned = words_aligned(copy, x0);
  for (int i = static_cast<int>(threadIdx.x); i < kTileH * kWords; i += kMarksThreads) {
    const int r = i / kWords;
    const int x = x0 + 4 * (i % kWords);
    const int y = y0 + r;
    if (y >= copy.height || x >= copy.width) continue;
    const std::uint32_t word = source.word(r + T::kBefore, kFirstWord + i % kWords);
    if (aligned && x + 4 <= copy.width) {
      *reinterpret_cast<std::uint32_t*>(copy.row(y) + x) = word;
    } else {
      for (int b = 0; b < 4 && x + b < copy.width; ++b) copy.at(x + b, y) = static_cast<std::uint8_t>(word >> (8 * b));
    }
  }
}

// The top-hat threshold's marks (TopHatFilter::threshold) dilated by a G x G square
// (RectExtremumFilter's maximum) in one pass over the image, every filter separable in shared
// memory: the opening (erosion down the columns and along the rows, dilation along the rows and
// down the columns), the threshold, then the marks' dilation along the rows and down the columns.
// Also the byproducts that `also` asks for.
template <int K, int G>
__global__ void __launch_bounds__(kMarksThreads) reflection_marks_kernel(CDeviceViewU8 src, DeviceViewU8 mask, std::uint8_t level,
                                                                         std::uint8_t min_value, MaskByproducts also) {
  using T = MarksTile<K, G>;
  allow_next_grid();  // the labelling that follows waits for the whole mask
  extern __shared__ __align__(16) std::uint8_t shared[];
  const int x0 = static_cast<int>(blockIdx.x) * kTileW;
  const int y0 = static_cast<int>(blockIdx.y) * kTileH;
  const SharedPlane source{shared, T::kSourceStride};
  const SharedPlane wide{source.data + T::kSourceH * T::kSourceStride, T::kSourceStride};
  const SharedPlane narrow{wide.data + T::kErodedH * T::kSourceStride, T::kNarrowStride};
  __shared__ unsigned least;
  if (threadIdx.x == 0) least = 255;
  // Pixels outside the image take no part: the neutral value of each filter stands in for them.
  load_tile_words(src, source.data, source.stride, x0 - T::kBefore - T::kSkew, y0 - T::kBefore, T::kSourceW,
                  T::kSourceH, kNeutral<Extremum::Min>);
  __syncthreads();
  if (also.copy.data != nullptr) copy_output_tile<K, G>(source, also.copy, x0, y0);
  bool marked = false;
  const auto to_mask = [&](int c, int p, unsigned v) {
    if (!inside_image(src, x0 + c, y0 + p)) return;
    mask.at(x0 + c, y0 + p) = static_cast<std::uint8_t>(v);
    marked = marked || v != 0;
  };
  if (!tile_may_mark<K, G>(src, source, x0, y0, level, min_value, least)) {
    for (int i = static_cast<int>(threadIdx.x); i < kTileW * kTileH; i += kMarksThreads) to_mask(i % kTileW, i / kTileW, 0);
    return;
  }
  for_line_segments<K - 1>(
      T::kSourceW, T::kErodedH, SlideExtremum<Extremum::Min, K>{}, [&](int c, int p) { return source.at(p, c); },
      [&](int c, int p, unsigned v) { wide.at(p, c) = static_cast<std::uint8_t>(v); });
  __syncthreads();
  const int eroded_x = x0 - G / 2 - K / 2;
  const int eroded_y = y0 - G / 2 - K / 2;
  for_row_segments<K - 1, T::kSkew>(
      T::kErodedH, T::kErodedW, SlideExtremum<Extremum::Min, K>{}, [&](int r, int i) { return wide.word(r, i); },
      [&](int r, int i, unsigned v) { narrow.word(r, i) = v & inside_bytes(src, eroded_x + 4 * i, eroded_y + r); });
  __syncthreads();
  for_row_segments<K - 1, 0>(
      T::kErodedH, T::kDilatedW, SlideExtremum<Extremum::Max, K>{}, [&](int r, int i) { return narrow.word(r, i); },
      [&](int r, int i, unsigned v) { wide.word(r, i) = v; });
  __syncthreads();
  const int marks_x = x0 - G / 2;
  const int marks_y = y0 - G / 2;
  const auto mark = [&](int c, int p, unsigned opened) -> std::uint8_t {
    if (!inside_image(src, marks_x + c, marks_y + p)) return 0;
    const std::uint8_t pixel = source.at(p + 2 * (K / 2), c + 2 * (K / 2) + T::kSkew);
    // The opening never exceeds the image for odd K (the only sizes here).
    const auto response = static_cast<std::uint8_t>(pixel - opened);
    return response > level && pixel >= min_value ? 255 : 0;
  };
  if constexpr (G == 1) {
    for_line_segments<K - 1>(
        kTileW, kTileH, SlideExtremum<Extremum::Max, K>{}, [&](int c, int p) { return wide.at(p, c); },
        [&](int c, int p, unsigned opened) { to_mask(c, p, mark(c, p, opened)); });
  } else {
    for_line_segments<K - 1>(
        T::kMarksW, T::kMarksH, SlideExtremum<Extremum::Max, K>{}, [&](int c, int p) { return wide.at(p, c); },
        [&](int c, int p, unsigned opened) { narrow.at(p, c) = mark(c, p, opened); });
    __syncthreads();
    for_row_segments<G - 1, 0>(
        T::kMarksH, kTileW, SlideExtremum<Extremum::Max, G>{}, [&](int r, int i) { return narrow.word(r, i); },
        [&](int r, int i, unsigned v) { wide.word(r, i) = v; });
    __syncthreads();
    for_line_segments<G - 1>(
        kTileW, kTileH, SlideExtremum<Extremum::Max, G>{}, [&](int c, int p) { return wide.at(p, c); }, to_mask);
  }
  if (also.tiles.empty()) return;
  if (__syncthreads_or(marked) != 0 && threadIdx.x == 0) {
    // The list has room for every tile of the grid; a count left over from a mask whose fill
    // never ran (and reset it) must not carry the appends past that.
    const int tile = static_cast<int>(blockIdx.y * gridDim.x + blockIdx.x);
    const int at = atomicAdd(also.tiles.count, 1);
    if (at < static_cast<int>(gridDim.x * gridDim.y)) also.tiles.list[at] = tile;
  }
}

template <int K>
struct RectTile {
  static constexpr int kSkew = round_up(K / 2, 4) - K / 2;
  static constexpr int kSourceW = round_up(kSkew + kTileW + K - 1, 4);
  static constexpr int kSourceH = kTileH + K - 1;
  static constexpr int kSourceStride = shared_stride(kSourceW);
  static constexpr int kRowsStride = shared_stride(kTileW);
  static constexpr std::size_t kBytes = static_cast<std::size_t>(kSourceH * (kSourceStride + kRowsStride));
};

// A K x K square's extremum: along the rows in shared memory, then down the columns.
template <Extremum Op, int K>
__global__ void __launch_bounds__(kThreads) square_extremum_kernel(CDeviceViewU8 src, DeviceViewU8 dst) {
  using T = RectTile<K>;
  extern __shared__ __align__(16) std::uint8_t shared[];
  const int x0 = static_cast<int>(blockIdx.x) * kTileW;
  const int y0 = static_cast<int>(blockIdx.y) * kTileH;
  const SharedPlane source{shared, T::kSourceStride};
  const SharedPlane rows{source.data + T::kSourceH * T::kSourceStride, T::kRowsStride};
  load_tile_words(src, source.data, source.stride, x0 - K / 2 - T::kSkew, y0 - K / 2, T::kSourceW, T::kSourceH,
                  kNeutral<Op>);
  __syncthreads();
  for_row_segments<K - 1, T::kSkew>(
      T::kSourceH, kTileW, SlideExtremum<Op, K>{}, [&](int r, int i) { return source.word(r, i); },
      [&](int r, int i, unsigned v) { rows.word(r, i) = v; });
  __syncthreads();
  for_line_segments<K - 1>(kTileW, kTileH, SlideExtremum<Op, K>{}, [&](int c, int p) { return rows.at(p, c); },
                           [&](int c, int p, unsigned v) {
                             if (inside_image(src, x0 + c, y0 + p)) dst.at(x0 + c, y0 + p) = static_cast<std::uint8_t>(v);
                           });
}

// Extremum of n consecutive bytes from p along a row (step 1) or a column (step = stride).
template <Extremum Op>
__device__ __forceinline__ std::uint8_t extremum_along(const std::uint8_t* p, int step, int n) {
  std::uint8_t v = p[0];
  for (int t = 1; t < n; ++t) v = pick<Op>(v, p[t * step]);
  return v;
}

// Shared-memory layout of one top-hat tile: the source with the reach of two filters on each
// side, its rows eroded, the erosion, and the erosion's rows dilated.
struct TopHatTile {
  int src_w, src_h, eroded_w, eroded_h;
  __host__ __device__ explicit TopHatTile(int k)
      : src_w(kTileW + 2 * (k - 1)), src_h(kTileH + 2 * (k - 1)), eroded_w(kTileW + k - 1), eroded_h(kTileH + k - 1) {}
  [[nodiscard]] __host__ __device__ std::size_t bytes() const {
    return static_cast<std::size_t>(src_w * src_h + src_h * eroded_w + eroded_h * eroded_w + eroded_h * kTileW);
  }
};

__global__ void __launch_bounds__(kThreads)
    top_hat_threshold_kernel(CDeviceViewU8 src, DeviceViewU8 mask, int k, std::uint8_t level, std::uint8_t min_value) {
  extern __shared__ __align__(16) std::uint8_t shared[];
  const TopHatTile t(k);
  const int before = k / 2;
  const int x0 = static_cast<int>(blockIdx.x) * kTileW;
  const int y0 = static_cast<int>(blockIdx.y) * kTileH;
  std::uint8_t* const s = shared;
  std::uint8_t* const rows_min = s + t.src_w * t.src_h;
  std::uint8_t* const eroded = rows_min + t.src_h * t.eroded_w;
  std::uint8_t* const rows_max = eroded + t.eroded_h * t.eroded_w;
  // Pixels outside the image take no part: the neutral value of each filter stands in for them.
  load_tile(src, s, x0 - 2 * before, y0 - 2 * before, t.src_w, t.src_h, kNeutral<Extremum::Min>);
  __syncthreads();
  for (int i = static_cast<int>(threadIdx.x); i < t.src_h * t.eroded_w; i += kThreads) {
    const int r = i / t.eroded_w;
    const int c = i % t.eroded_w;
    rows_min[i] = extremum_along<Extremum::Min>(s + r * t.src_w + c, 1, k);
  }
  __syncthreads();
  for (int i = static_cast<int>(threadIdx.x); i < t.eroded_h * t.eroded_w; i += kThreads) {
    const int r = i / t.eroded_w;
    const int c = i % t.eroded_w;
    const bool inside = inside_image(src, x0 - before + c, y0 - before + r);
    eroded[i] = inside ? extremum_along<Extremum::Min>(rows_min + i, t.eroded_w, k) : kNeutral<Extremum::Max>;
  }
  __syncthreads();
  for (int i = static_cast<int>(threadIdx.x); i < t.eroded_h * kTileW; i += kThreads) {
    const int r = i / kTileW;
    const int c = i % kTileW;
    rows_max[i] = extremum_along<Extremum::Max>(eroded + r * t.eroded_w + c, 1, k);
  }
  __syncthreads();
  for (int i = static_cast<int>(threadIdx.x); i < kTileH * kTileW; i += kThreads) {
    const int r = i / kTileW;
    const int c = i % kTileW;
    if (!inside_image(src, x0 + c, y0 + r)) continue;
    const std::uint8_t opened = extremum_along<Extremum::Max>(rows_max + i, kTileW, k);
    const std::uint8_t pixel = s[(r + 2 * before) * t.src_w + c + 2 * before];
    // The opening never exceeds the image for odd k; for even k the CPU wraps the same way.
    const auto response = static_cast<std::uint8_t>(pixel - opened);
    mask.at(x0 + c, y0 + r) = response > level && pixel >= min_value ? 255 : 0;
  }
}

template <Extremum Op>
__global__ void __launch_bounds__(kThreads) rect_extremum_kernel(CDeviceViewU8 src, DeviceViewU8 dst, int kw, int kh) {
  extern __shared__ __align__(16) std::uint8_t shared[];
  const int src_w = kTileW + kw - 1;
  const int src_h = kTileH + kh - 1;
  const int x0 = static_cast<int>(blockIdx.x) * kTileW;
  const int y0 = static_cast<int>(blockIdx.y) * kTileH;
  std::uint8_t* const s = shared;
  std::uint8_t* const rows = s + src_w * src_h;
  load_tile(src, s, x0 - kw / 2, y0 - kh / 2, src_w, src_h, kNeutral<Op>);
  __syncthreads();
  for (int i = static_cast<int>(threadIdx.x); i < src_h * kTileW; i += kThreads) {
    const int r = i / kTileW;
    const int c = i % kTileW;
    rows[i] = extremum_along<Op>(s + r * src_w + c, 1, kw);
  }
  __syncthreads();
  for (int i = static_cast<int>(threadIdx.x); i < kTileH * kTileW; i += kThreads) {
    const int r = i / kTileW;
    const int c = i % kTileW;
    if (inside_image(src, x0 + c, y0 + r)) dst.at(x0 + c, y0 + r) = extremum_along<Op>(rows + i, kTileW, kh);
  }
}

void require_shared(std::size_t bytes, const char* what, int kw, int kh) {
  if (bytes > kMaxSharedBytes) {
    throw std::invalid_argument(std::string(what) + ": a " + std::to_string(kw) + "x" + std::to_string(kh) +
                                " kernel needs more shared memory than a tile may use");
  }
}

template <Extremum Op>
void launch_rect(cudaStream_t stream, CDeviceViewU8 src, DeviceViewU8 dst, int kw, int kh) {
  const std::size_t bytes = static_cast<std::size_t>((kTileW + kw - 1) * (kTileH + kh - 1) + (kTileH + kh - 1) * kTileW);
  require_shared(bytes, "rect_extremum", kw, kh);
  if (src.empty()) return;
  const auto loops = [&] {
    rect_extremum_kernel<Op><<<tile_grid(src), kThreads, bytes, stream>>>(src, dst, kw, kh);
    PT_CUDA_CHECK_LAUNCH();
  };
  if (kw != kh) {
    loops();
    return;
  }
  with_span(kw, RectSizes{}, [&](auto span) {
    if constexpr (kFixedSpan<decltype(span)>) {
      constexpr int kK = decltype(span)::size;
      square_extremum_kernel<Op, kK><<<tile_grid(src), kThreads, RectTile<kK>::kBytes, stream>>>(src, dst);
      PT_CUDA_CHECK_LAUNCH();
    } else {
      loops();
    }
  });
}

// Launches reflection_marks_kernel<k, grow> and returns true where that kernel exists.
bool launch_marks(cudaStream_t stream, CDeviceViewU8 src, DeviceViewU8 mask, int k, std::uint8_t level,
                  std::uint8_t min_value, int grow, const MaskByproducts& also) {
  bool launched = false;
  with_span(k, TopHatSizes{}, [&](auto k_span) {
    if constexpr (kFixedSpan<decltype(k_span)>) {
      constexpr int kK = decltype(k_span)::size;
      with_span(grow, MarkGrowSizes{}, [&](auto grow_span) {
        if constexpr (kFixedSpan<decltype(grow_span)>) {
          constexpr int kG = decltype(grow_span)::size;
          reflection_marks_kernel<kK, kG>
              <<<tile_grid(src), kMarksThreads, MarksTile<kK, kG>::kBytes, stream>>>(src, mask, level, min_value, also);
          PT_CUDA_CHECK_LAUNCH();
          launched = true;
        }
      });
    }
  });
  return launched;
}

void check_top_hat_size(int k) {
  if (k < 1) throw std::invalid_argument("top_hat_threshold: kernel size must be at least 1");
  require_shared(TopHatTile(k).bytes(), "top_hat_threshold", k, k);
}

}  // namespace

void top_hat_threshold(cudaStream_t stream, CDeviceViewU8 src, DeviceViewU8 mask, int k, std::uint8_t level,
                       std::uint8_t min_value) {
  check_top_hat_size(k);
  if (src.empty() || launch_marks(stream, src, mask, k, level, min_value, 1, {})) return;
  top_hat_threshold_kernel<<<tile_grid(src), kThreads, TopHatTile(k).bytes(), stream>>>(src, mask, k, level, min_value);
  PT_CUDA_CHECK_LAUNCH();
}

void rect_extremum(cudaStream_t stream, CDeviceViewU8 src, DeviceViewU8 dst, int kw, int kh, Extremum op) {
  if (kw < 1 || kh < 1) throw std::invalid_argument("rect_extremum: kernel sides must be at least 1");
  if (op == Extremum::Min) {
    launch_rect<Extremum::Min>(stream, src, dst, kw, kh);
  } else {
    launch_rect<Extremum::Max>(stream, src, dst, kw, kh);
  }
}

void reflection_mask(cudaStream_t stream, CDeviceViewU8 src, DeviceViewU8 marks, DeviceViewU8 mask, int k,
                     std::uint8_t level, std::uint8_t min_value, int grow, const MaskByproducts& also) {
  check_top_hat_size(k);
  if (grow < 1) throw std::invalid_argument("reflection_mask: the dilation must be at least 1");
  if (src.empty() || launch_marks(stream, src, mask, k, level, min_value, grow, also)) return;
  top_hat_threshold(stream, src, marks, k, level, min_value);
  rect_extremum(stream, marks, mask, grow, grow, Extremum::Max);
  if (also.copy.data != nullptr) copy_async(stream, src, also.copy);
  if (!also.tiles.empty()) {
    PT_CUDA_CHECK(cudaMemsetAsync(also.tiles.count, 0xFF, sizeof(int), stream));  // kEveryTile
  }
}

}  // namespace pt::gpu
