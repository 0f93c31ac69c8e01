#pragma once
// Sparse masks read 16 pixels at a time. A reflection mask is almost all zero: a thread per pixel
// spends its time being scheduled and waiting on one byte, while a thread per 16 pixels reads
// them in one load, and most threads find nothing and stop.
#include <cstdint>

#include "pt/gpu/device_view.hpp"

namespace pt::gpu {

constexpr int kChunk = 16;  // pixels of one row a thread reads at once
// A chunk: its first pixel's column (a multiple of kChunk) and its row.
struct Chunk {
  int x;
  int y;
};

__device__ __forceinline__ std::uint8_t chunk_byte(const uint4& c, int k) {
  const unsigned word = k < 8 ? (k < 4 ? c.x : c.y) : (k < 12 ? c.z : c.w);
  return static_cast<std::uint8_t>(word >> (8 * (k & 3)));
}

__device__ __forceinline__ void set_chunk_byte(uint4& c, int k, std::uint8_t v) {
  unsigned& word = k < 8 ? (k < 4 ? c.x : c.y) : (k < 12 ? c.z : c.w);
  const int shift = 8 * (k & 3);
  word = (word & ~(0xFFU << shift)) | (static_cast<unsigned>(v) << shift);
}

// Whether all 16 bytes of the chunk at (x, y) lie on the image and can be moved as one.
__device__ __forceinline__ bool whole_chunk(CDeviceViewU8 image, int x) {
  return x + kChunk <= image.width &&
         ((reinterpret_cast<std::uintptr_t>(image.data) | image.pitch | static_cast<unsigned>(x)) & 15U) == 0;
}

// The chunk at (x, y); bytes past the image's right edge read as 0.
__device__ __forceinline__ uint4 load_chunk(CDeviceViewU8 image, int x, int y) {
  if (whole_chunk(image, x)) return *reinterpret_cast<const uint4*>(image.row(y) + x);
  uint4 c{0, 0, 0, 0};
  for (int k = 0; k < kChunk && x + k < image.width; ++k) set_chunk_byte(c, k, image.at(x + k, y));
  return c;
}

// Stores the chunk's bytes that lie on the image.
__device__ __forceinline__ void store_chunk(DeviceViewU8 image, int x, int y, const uint4& c) {
  if (whole_chunk(image, x)) {
    *reinterpret_cast<uint4*>(image.row(y) + x) = c;
    return;
  }
  for (int k = 0; k < kChunk && x + k < image.width; ++k) image.at(x + k, y) = chunk_byte(c, k);
}

__device__ __forceinline__ unsigned word_bits(unsigned flags) {  // 0xFF or 0 per byte
  return ((flags >> 7) & 1U) | ((flags >> 14) & 2U) | ((flags >> 21) & 4U) | ((flags >> 28) & 8U);
}

// Bit k set where byte k of the chunk is not 0.
__device__ __forceinline__ unsigned nonzero_bits(const uint4& c) {
  return word_bits(__vcmpne4(c.x, 0)) | word_bits(__vcmpne4(c.y, 0)) << 4 | word_bits(__vcmpne4(c.z, 0)) << 8 |
         word_bits(__vcmpne4(c.w, 0)) << 12;
}

// f(s, length) for each run of set bits, s its first bit.
template <class F>
__device__ __forceinline__ void for_each_run(unsigned bits, F&& f) {
  while (bits != 0) {
    const int s = __ffs(static_cast<int>(bits)) - 1;
    const int length = __ffs(static_cast<int>(~(bits >> s))) - 1;
    bits &= ~(((1U << length) - 1U) << s);
    f(s, length);
  }
}

}  // namespace pt::gpu
