#pragma once
// A list of the flood's: its first entries in shared memory, the rest in the global scratch.
// Threads append to it at once, in no particular order: whatever the flood counts is a whole
// number, the same in any order.
#include <cooperative_groups.h>

namespace pt::gpu::search::flood_detail {

template <class T>
struct SplitList {
  T* near;  // shared memory: entries 0 to near_entries - 1
  int near_entries;
  T* far;  // the global scratch: the entries from near_entries on

  [[nodiscard]] __device__ T get(int i) const { return i < near_entries ? near[i] : far[i - near_entries]; }
  __device__ void set(int i, const T& value) const {
    if (i < near_entries) {
      near[i] = value;
    } else {
      far[i - near_entries] = value;
    }
  }

  // Appends `value`, `count` being the list's length in shared memory. The threads of a warp
  // that append together take their places with one atomic.
  __device__ void append(int* count, const T& value) const {
    namespace cg = cooperative_groups;
    const cg::coalesced_group group = cg::coalesced_threads();
    int first = 0;
    if (group.thread_rank() == 0) first = atomicAdd(count, static_cast<int>(group.size()));
    set(group.shfl(first, 0) + static_cast<int>(group.thread_rank()), value);
  }
};

}  // namespace pt::gpu::search::flood_detail
