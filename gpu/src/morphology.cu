#include "pt/gpu/morphology.hpp"

#include <stdexcept>
#include <string>

#include "kernel_span.cuh"
#include "pt/gpu/cuda_check.hpp"
#include "tile_io.cuh"

namespace pt::gpu {
namespace {

constexpr int kThreads = 256;
constexpr std::size_t kMaxSharedBytes = 48 * 1024;  // without an opt-in, on every architecture we build for
// The reflection finder's square (19 by default) and the usual small dilations unroll.
using TopHatSizes = std::integer_sequence<int, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31>;
using RectSizes = std::integer_sequence<int, 3, 5, 7, 9, 11>;

template <Extremum Op>
__device__ __forceinline__ std::uint8_t pick(std::uint8_t a, std::uint8_t b) {
  if constexpr (Op == Extremum::Min) {
    return a < b ? a : b;
  } else {
    return a > b ? a : b;
  }
}

template <Extremum Op>
constexpr std::uint8_t kNeutral = Op == Extremum::Min ? 255 : 0;

// Extremum of `span` consecutive bytes from p along a row (step 1) or a column (step = stride).
template <Extremum Op, class Span>
__device__ __forceinline__ std::uint8_t extremum_along(const std::uint8_t* p, int step, Span span) {
  std::uint8_t v = p[0];
#pragma unroll
  for (int t = 1; t < span.size; ++t) v = pick<Op>(v, p[t * step]);
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

template <class Span>
__global__ void __launch_bounds__(kThreads)
    top_hat_threshold_kernel(CDeviceViewU8 src, DeviceViewU8 mask, Span k, std::uint8_t level, std::uint8_t min_value) {
  extern __shared__ std::uint8_t shared[];
  const TopHatTile t(k.size);
  const int before = k.size / 2;
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

template <Extremum Op, class SpanW, class SpanH>
__global__ void __launch_bounds__(kThreads) rect_extremum_kernel(CDeviceViewU8 src, DeviceViewU8 dst, SpanW kw, SpanH kh) {
  extern __shared__ std::uint8_t shared[];
  const int src_w = kTileW + kw.size - 1;
  const int src_h = kTileH + kh.size - 1;
  const int x0 = static_cast<int>(blockIdx.x) * kTileW;
  const int y0 = static_cast<int>(blockIdx.y) * kTileH;
  std::uint8_t* const s = shared;
  std::uint8_t* const rows = s + src_w * src_h;
  load_tile(src, s, x0 - kw.size / 2, y0 - kh.size / 2, src_w, src_h, kNeutral<Op>);
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
  const auto launch = [&](auto span_w, auto span_h) {
    rect_extremum_kernel<Op><<<tile_grid(src), kThreads, bytes, stream>>>(src, dst, span_w, span_h);
    PT_CUDA_CHECK_LAUNCH();
  };
  if (kw == kh) {
    with_span(kw, RectSizes{}, [&](auto span) { launch(span, span); });
  } else {
    launch(RuntimeSpan{kw}, RuntimeSpan{kh});
  }
}

}  // namespace

void top_hat_threshold(cudaStream_t stream, CDeviceViewU8 src, DeviceViewU8 mask, int k, std::uint8_t level,
                       std::uint8_t min_value) {
  if (k < 1) throw std::invalid_argument("top_hat_threshold: kernel size must be at least 1");
  const std::size_t bytes = TopHatTile(k).bytes();
  require_shared(bytes, "top_hat_threshold", k, k);
  if (src.empty()) return;
  with_span(k, TopHatSizes{}, [&](auto span) {
    top_hat_threshold_kernel<<<tile_grid(src), kThreads, bytes, stream>>>(src, mask, span, level, min_value);
    PT_CUDA_CHECK_LAUNCH();
  });
}

void rect_extremum(cudaStream_t stream, CDeviceViewU8 src, DeviceViewU8 dst, int kw, int kh, Extremum op) {
  if (kw < 1 || kh < 1) throw std::invalid_argument("rect_extremum: kernel sides must be at least 1");
  if (op == Extremum::Min) {
    launch_rect<Extremum::Min>(stream, src, dst, kw, kh);
  } else {
    launch_rect<Extremum::Max>(stream, src, dst, kw, kh);
  }
}

}  // namespace pt::gpu
