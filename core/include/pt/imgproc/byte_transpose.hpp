#pragma once
// Transposes of 16 x 16 byte blocks. A band of image rows turned into columns lets a filter along
// x run like a filter along y, whose inner loops work on whole lines of bytes and vectorise.
#include <cstddef>
#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace pt {

// The portable version: the fallback without SSE2, and the reference the fast one is tested against.
// Going through local blocks frees the compiler from assuming src and dst might overlap.
inline void transpose16x16_portable(const std::uint8_t* src, std::ptrdiff_t src_stride, std::uint8_t* dst,
                                    std::ptrdiff_t dst_stride) noexcept {
  std::uint8_t in[16][16];
  std::uint8_t out[16][16];
  for (int r = 0; r < 16; ++r) std::memcpy(in[r], src + r * src_stride, 16);
  for (int r = 0; r < 16; ++r) {
    for (int c = 0; c < 16; ++c) out[c][r] = in[r][c];
  }
  for (int c = 0; c < 16; ++c) std::memcpy(dst + c * dst_stride, out[c], 16);
}

// dst row c receives src column c. The blocks must not overlap.
inline void transpose16x16(const std::uint8_t* src, std::ptrdiff_t src_stride, std::uint8_t* dst,
                           std::ptrdiff_t dst_stride) noexcept {
#if defined(__SSE2__)
  __m128i a[16];
  for (int r = 0; r < 16; ++r) a[r] = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + r * src_stride));
  // Interleaving rows i and i+8 moves the byte at address (row r3r2r1r0, column c3c2c1c0) to
  // (r2r1r0c3, c2c1c0r3): the 8-bit address rotates by one. Four rounds swap row and column.
  for (int round = 0; round < 4; ++round) {
    __m128i b[16];
    for (int i = 0; i < 8; ++i) {
      b[2 * i] = _mm_unpacklo_epi8(a[i], a[i + 8]);
      b[2 * i + 1] = _mm_unpackhi_epi8(a[i], a[i + 8]);
    }
    for (int i = 0; i < 16; ++i) a[i] = b[i];
  }
  for (int r = 0; r < 16; ++r) _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + r * dst_stride), a[r]);
#else
  transpose16x16_portable(src, src_stride, dst, dst_stride);
#endif
}

}  // namespace pt
