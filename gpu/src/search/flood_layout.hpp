#pragma once
// How the flood uses the launch's dynamic shared memory (host and device code). The join-level
// window takes it first; the flood level by level then divides it into the marks of a band of
// image rows around the seed and the first entries of its five lists. What does not fit stays in
// the global scratch.
#include <algorithm>
#include <cstdint>

#include "pt/host_device.hpp"

namespace pt::gpu::search {

// Entries of each list kept in shared memory: a pupil's border ring and the pixels around it
// that wait for their level are a few hundred.
inline constexpr int kSharedListEntries = 1024;
// Bytes an entry of all five lists takes together: three lists of waiting pixels (pixel, grey)
// and two frontiers (pixel).
inline constexpr int kListEntryBytes = 3 * 8 + 2 * 4;

[[nodiscard]] PT_HOST_DEVICE constexpr int mark_words(int width) noexcept { return (width + 31) / 32; }

struct FloodLayout {
  int list_entries;  // of each list, in shared memory
  int band_y0;       // the rows whose marks are in shared memory
  int band_rows;
  int pending_at;   // byte offsets of the three lists of waiting pixels,
  int frontier_at;  // of the two frontiers
  int band_at;      // and of the band's marks (mark_words(width) words a row)
};

// The band takes up to half the memory, the lists what they need of the rest, and the band
// what the lists leave.
[[nodiscard]] PT_HOST_DEVICE inline FloodLayout flood_layout(int width, int height, int seed_y, int bytes) noexcept {
  const int row_bytes = 4 * mark_words(width);
  const int band_bytes = std::min(row_bytes * height, bytes / 2);
  const int fit = (bytes - band_bytes) / kListEntryBytes;
  const int entries = fit < kSharedListEntries ? fit : kSharedListEntries;  // no reference to it: device code
  const int rows = std::min(height, (bytes - entries * kListEntryBytes) / row_bytes);
  const int y0 = std::clamp(seed_y - rows / 2, 0, height - rows);
  return {entries, y0, rows, 0, 3 * 8 * entries, kListEntryBytes * entries};
}

// The memory with which every row's marks and the lists' usual lengths fit.
[[nodiscard]] PT_HOST_DEVICE inline int flood_bytes_for_all_rows(int width, int height) noexcept {
  return kSharedListEntries * kListEntryBytes + 4 * mark_words(width) * height;
}

// The join-level window (join_level_window.cuh): up to this many pixels a side, a grey and a
// join level a pixel, in rows of an odd number of 32-bit words.
inline constexpr int kLongestWindowSide = 256;
[[nodiscard]] PT_HOST_DEVICE constexpr int window_row_words(int width) noexcept { return (width + 3) / 4 | 1; }
[[nodiscard]] PT_HOST_DEVICE constexpr int window_bytes(int width, int height) noexcept {
  return 2 * 4 * window_row_words(width) * height;
}

// The memory with which an image's whole-sized window fits, and the flood level by level keeps
// every row's marks and the lists' usual lengths.
[[nodiscard]] PT_HOST_DEVICE inline int flood_bytes_wanted(int width, int height) noexcept {
  // No reference to kLongestWindowSide (std::min would take one): device code.
  const auto side = [](int inside) { return inside < kLongestWindowSide ? inside : kLongestWindowSide; };
  const int window = window_bytes(side(width - 2), side(height - 2));
  return std::max(window, flood_bytes_for_all_rows(width, height));
}

}  // namespace pt::gpu::search
