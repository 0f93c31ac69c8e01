#pragma once
// The flood's marks of the pixels it has reached, a bit each: a band of rows around the seed in
// shared memory, the other rows in the global scratch. Claiming a pixel sets its bit; the one
// thread that set it goes on with the pixel.
#include <cstdint>

#include "block_threads.cuh"
#include "search_block.cuh"

namespace pt::gpu::search::flood_detail {

struct Marks {
  std::uint32_t* band;  // shared memory: rows band_y0 to band_y0 + band_rows - 1
  int band_y0;
  int band_rows;
  int band_words;        // a row's
  std::uint32_t* rest;   // the global scratch: every row, `rest_words` words apart
  int rest_words;

  [[nodiscard]] __device__ bool in_band(int y) const {
    return static_cast<unsigned>(y - band_y0) < static_cast<unsigned>(band_rows);
  }

  // Whether this thread is the first to reach (x, y).
  [[nodiscard]] __device__ bool claim(int x, int y) const {
    const std::uint32_t bit = 1U << (x % 32);
    if (in_band(y)) return (atomicOr(&band[(y - band_y0) * band_words + x / 32], bit) & bit) == 0U;
    return (atomicOr(&rest[static_cast<std::ptrdiff_t>(y) * rest_words + x / 32], bit) & bit) == 0U;
  }

  // Called by all threads before the flood.
  __device__ void clear_band() const {
    const int words = band_rows * band_words;
    for (int i = static_cast<int>(threadIdx.x); i < words; i += block_threads()) band[i] = 0U;
  }

  // Called by all threads after the flood, which reached no pixel outside columns x0..x1 and
  // rows y0..y1: the global marks it set are cleared for the next.
  __device__ void clear_rest(int x0, int y0, int x1, int y1) const {
    const int w0 = x0 / 32;
    const int words = x1 / 32 - w0 + 1;
    const int count = words * (y1 - y0 + 1);
    for (int i = static_cast<int>(threadIdx.x); i < count; i += block_threads()) {
      const int y = y0 + i / words;
      if (!in_band(y)) rest[static_cast<std::ptrdiff_t>(y) * rest_words + w0 + i % words] = 0U;
    }
  }
};

}  // namespace pt::gpu::search::flood_detail
