#pragma once
// Separable filters over shared-memory tiles with the window known at compile time: each thread
// takes a segment of one line (a row or a column) into registers, so a pixel is read from
// shared memory about once per pass instead of once per tap (rows a word at a time), and the
// window's arithmetic runs on registers with constant indices.
#include <cstdint>

#include "pt/imgproc/min_max_filter.hpp"

namespace pt::gpu {

// Outputs per thread and segment. Lines must be at least this long (the tiles' sides are).
constexpr int kSegment = 16;

// For every line l < lines and position p < length: store(l, p, o[p - first]), where
// combine(v, o) turns v[t] = load(l, first + t), t < kSegment + Reach, into the kSegment outputs
// o of the segment starting at `first`. Consecutive threads take consecutive lines. A line's last
// segment starts early rather than reading past its end, and stores only what the segment
// before it left.
template <int Reach, class Combine, class Load, class Store>
__device__ __forceinline__ void for_line_segments(int lines, int length, Combine combine, Load load, Store store) {
  const int segments = (length + kSegment - 1) / kSegment;
  for (int task = static_cast<int>(threadIdx.x); task < lines * segments; task += static_cast<int>(blockDim.x)) {
    const int line = task % lines;
    const int nominal = task / lines * kSegment;
    const int first = min(nominal, length - kSegment);
    unsigned v[kSegment + Reach];
#pragma unroll
    for (int t = 0; t < kSegment + Reach; ++t) v[t] = load(line, first + t);
    unsigned out[kSegment];
    combine(v, out);
#pragma unroll
    for (int i = 0; i < kSegment; ++i) {
      if (first + i >= nominal) store(line, first + i, out[i]);
    }
  }
}

// For every row r < rows and position p < length, a multiple of kSegment: combine(v, o) turns
// v[t] = byte first + Skew + t of the row, t < kSegment + Reach, into the kSegment pixels o at
// first, first + 1, ... The row is read in words, load_word(r, i) being its bytes 4i to 4i + 3,
// and the pixels leave four to a word, store_word(r, i, word) with i = first / 4, ...
// Consecutive threads take consecutive rows.
template <int Reach, int Skew, class Combine, class LoadWord, class StoreWord>
__device__ __forceinline__ void for_row_segments(int rows, int length, Combine combine, LoadWord load_word,
                                                 StoreWord store_word) {
  constexpr int kBytes = kSegment + Reach;
  constexpr int kWords = (Skew + kBytes + 3) / 4;
  const int segments = length / kSegment;
  for (int task = static_cast<int>(threadIdx.x); task < rows * segments; task += static_cast<int>(blockDim.x)) {
    const int row = task % rows;
    const int first_word = task / rows * (kSegment / 4);
    unsigned words[kWords];
#pragma unroll
    for (int i = 0; i < kWords; ++i) words[i] = load_word(row, first_word + i);
    unsigned v[kBytes];
#pragma unroll
    for (int t = 0; t < kBytes; ++t) v[t] = words[(t + Skew) / 4] >> (8 * ((t + Skew) % 4)) & 0xFFU;
    unsigned out[kSegment];
    combine(v, out);
#pragma unroll
    for (int i = 0; i < kSegment / 4; ++i) {
      store_word(row, first_word + i, out[4 * i] | out[4 * i + 1] << 8 | out[4 * i + 2] << 16 | out[4 * i + 3] << 24);
    }
  }
}

template <Extremum Op, class T>
__device__ __forceinline__ T pick(T a, T b) {
  if constexpr (Op == Extremum::Min) {
    return a < b ? a : b;
  } else {
    return a > b ? a : b;
  }
}

template <Extremum Op>
constexpr std::uint8_t kNeutral = Op == Extremum::Min ? 255 : 0;

// out[i] = extremum of v[i .. i + K - 1], S outputs. A window starting inside the K-block b of v
// is the rest of b (a suffix extremum) and the start of block b + 1 (a prefix extremum): three
// comparisons per output whatever K (van Herk / Gil-Werman, as core's RectExtremumFilter).
template <Extremum Op, int K, int S>
__device__ __forceinline__ void slide_extremum(const unsigned (&v)[S + K - 1], unsigned (&out)[S]) {
  constexpr int kN = S + K - 1;
  unsigned suffix[kN];
  unsigned prefix[kN];
#pragma unroll
  for (int j = kN - 1; j >= 0; --j) suffix[j] = j % K == K - 1 || j == kN - 1 ? v[j] : pick<Op>(v[j], suffix[j + 1]);
#pragma unroll
  for (int j = 0; j < kN; ++j) prefix[j] = j % K == 0 ? v[j] : pick<Op>(prefix[j - 1], v[j]);
#pragma unroll
  for (int i = 0; i < S; ++i) out[i] = i % K == 0 ? suffix[i] : pick<Op>(suffix[i], prefix[i + K - 1]);
}

// The running extremum over K pixels, as the traversals above combine a segment.
template <Extremum Op, int K>
struct SlideExtremum {
  __device__ __forceinline__ void operator()(const unsigned (&v)[kSegment + K - 1], unsigned (&out)[kSegment]) const {
    slide_extremum<Op, K, kSegment>(v, out);
  }
};

// A byte plane in shared memory, rows `stride` bytes apart and starting on a word.
struct SharedPlane {
  std::uint8_t* data;
  int stride;
  __device__ __forceinline__ std::uint8_t& at(int r, int c) const { return data[r * stride + c]; }
  // Bytes 4i to 4i + 3 of row r.
  __device__ __forceinline__ std::uint32_t& word(int r, int i) const {
    return reinterpret_cast<std::uint32_t*>(data + r * stride)[i];
  }
};

// Row stride of a shared plane `width` bytes wide: whole words, and an odd number of them, so
// the threads of a warp, on consecutive rows at one column, meet in different banks.
constexpr int shared_stride(int width) {
  const int words = (width + 3) / 4;
  return 4 * (words % 2 == 0 ? words + 1 : words);
}

}  // namespace pt::gpu
