#pragma once
// One reflection filled by one block, with the CPU's ReflectionRemover as the reference. What the
// CPU builds, the reflection's border and each ring of its halo, is a set of pixels, and what it
// does with one depends only on the set and raster order (reflection_fill_rules.hpp). So each
// ring grows from the list of the one before, all its pixels at once: a free pixel next to the
// ring is listed by the first of its neighbours on the ring in raster order, so once and without
// atomics on the tags. The interpolation sums over the border in the CPU's (raster) order with
// IEEE single-precision operations that are never contracted into fused multiply-adds, and the
// correctly rounded reciprocal.
#include <cooperative_groups.h>

#include "fill_stores.cuh"
#include "pt/gpu/reflection_fill.hpp"
#include "pt/pupil/reflection_fill_rules.hpp"
#include "whole_reciprocal.cuh"

namespace pt::gpu {

// A ring grows with a thread for each of its pixels' eight neighbours: 512 threads grow most
// rings in one or two steps (H100, the fill kernel on the bench's synthetic eye: 58 us with 256 threads, 42 us
// with 512, 41 us with 1024).
constexpr int kFillThreads = 512;
constexpr int kFillWarps = kFillThreads / 32;

// A border pixel, as the interpolation reads it.
struct FillSample {
  float x;
  float y;
  float v;
};

// What the block's threads count together, in its shared memory; zero between uses.
struct FillTallies {
  int listed;  // pixels appended to the list being built
  int darker;  // of them, darker than their neighbours on the ring inside
};

// The block's tallies once every thread has added to them, and zero again for the next use.
__device__ __forceinline__ FillTallies take_tallies(FillTallies& t) {
  __syncthreads();
  const FillTallies value = t;
  __syncthreads();
  if (threadIdx.x == 0) t = {};
  __syncthreads();
  return value;
}

// The 3x3 neighbourhood of window pixel q, in raster order (slot 4 is q itself), -1 off the
// window. Everything a reflection touches lies inside its window, and the window is clipped only
// by the region's edges: off the window is off the image.
class Around {
 public:
  __device__ Around(const Window& w, int q) : q_(q), w_(w.w) {
    const int y = q / w.w;
    const int x = q - y * w.w;
    left_ = x > 0;
    right_ = x + 1 < w.w;
    up_ = y > 0;
    down_ = y + 1 < w.h;
  }
  __device__ __forceinline__ int operator[](int slot) const {
    const int dx = slot % 3 - 1;
    const int dy = slot / 3 - 1;
    if ((dx < 0 && !left_) || (dx > 0 && !right_) || (dy < 0 && !up_) || (dy > 0 && !down_)) return -1;
    return q_ + dy * w_ + dx;
  }

 private:
  int q_;
  int w_;
  bool left_, right_, up_, down_;
};

// The reflection's own pixels tagged, the rest of the window untagged, and its own listed in list
// 0. Returns how many it has.
template <class Store>
__device__ int load_reflection(Store& s, CDeviceViewU8 src, DeviceViewU8 mask, const int* owner, int id,
                               FillTallies& tallies) {
  for_window(s.window(), [&](int q, int x, int y) {
    const std::uint8_t m = read_shared_mask(mask, x, y);
    const bool own = m == kMaskReflection && owner[y * mask.width + x] == id;
    s.load(q, x, y, src, m, own);
    if (own) s.set_list(0, atomicAdd(&tallies.listed, 1), q);
  });
  return take_tallies(tallies).listed;
}

// The free pixels next to ring `from` (tagged `from`, listed in list `from_list`) become ring
// from + 1, listed in the other list. Returns the new ring's size, and how many of its pixels are
// darker than the mean of their neighbours on ring `from`.
template <class Store>
__device__ FillTallies next_ring(Store& s, int from_list, int size, int from, FillTallies& tallies) {
  const Window& w = s.window();
  // A thread for each neighbour of each ring pixel.
  for (int e = static_cast<int>(threadIdx.x); e < 8 * size; e += kFillThreads) {
    const int p = s.list(from_list, e / 8);
    const int q = Around(w, p)[e % 8 < 4 ? e % 8 : e % 8 + 1];
    if (q < 0 || s.tag(q) != kNoTag || s.state(q) != PixelState::Background) continue;
    const Around around(w, q);
    int sum = 0;
    int n = 0;
    bool first = true;  // p is q's first neighbour on the ring in raster order
    for (int slot = 0; slot < 9 && first; ++slot) {
      const int r = around[slot];
      if (slot == 4 || r < 0 || s.tag(r) != from) continue;
      first = n > 0 || r == p;
      sum += s.grey(r);
      ++n;
    }
    if (!first) continue;
    s.set_list(1 - from_list, atomicAdd(&tallies.listed, 1), q);
    if (sum > n * static_cast<int>(s.grey(q))) atomicAdd(&tallies.darker, 1);
  }
  const FillTallies ring = take_tallies(tallies);
  for (int i = static_cast<int>(threadIdx.x); i < ring.listed; i += kFillThreads) s.set_tag(s.list(1 - from_list, i), from + 1);
  __syncthreads();
  return ring;
}

// The reflection's own pixels (list 0, `own` of them) next to a free pixel, listed in list 1.
// Returns how many. Only they can list the border's pixels: a free pixel's first neighbour among
// the own pixels in raster order touches it, so it is one of them. A large reflection's border
// grows from them at a fraction of the cost of its whole area (on the bench's synthetic eyes,
// the two large glints of about 680 pixels took 16-17 us to trace from every own pixel).
template <class Store>
__device__ int list_own_edge(Store& s, int own, FillTallies& tallies) {
  const Window& w = s.window();
  for (int i = static_cast<int>(threadIdx.x); i < own; i += kFillThreads) {
    const int p = s.list(0, i);
    const Around around(w, p);
    bool edge = false;
    for (int slot = 0; slot < 9 && !edge; ++slot) {
      const int q = around[slot];
      edge = slot != 4 && q >= 0 && s.tag(q) == kNoTag && s.state(q) == PixelState::Background;
    }
    if (edge) s.set_list(1, atomicAdd(&tallies.listed, 1), p);
  }
  return take_tallies(tallies).listed;
}

// Where a reflection's tags stand: the tag of its border (the pixels it took are tagged from
// kOwnTag up to it), the list holding the border, and its size (0: nothing surrounds it).
struct Traced {
  int border = kFirstRing;
  int list = 0;
  int border_size = 0;
  int taken = 0;  // pixels tagged from kOwnTag to the border: the reflection's and its halo's
};

__device__ __forceinline__ bool taken(const Traced& t, int tag) { return tag >= kOwnTag && tag < t.border; }

// The reflection's border and halo (ReflectionRemover::take_halo), from its `own` pixels in list
// 0: at most `rings` rings join it while each darkens outward nearly all around.
template <class Store>
__device__ Traced trace_reflection(Store& s, int own, int rings, FillTallies& tallies) {
  Traced t;
  t.taken = own;
  t.border_size = next_ring(s, 1, list_own_edge(s, own, tallies), kOwnTag, tallies).listed;
  if (t.border_size == 0) return t;
  for (int ring = 0; ring < rings; ++ring) {
    const FillTallies next = next_ring(s, t.list, t.border_size, t.border, tallies);
    if (next.listed == 0 ||
        static_cast<float>(next.darker) < reflection_fill::kHaloShare * static_cast<float>(next.listed)) {
      break;
    }
    ++t.border;
    t.list = 1 - t.list;
    t.taken += t.border_size;
    t.border_size = next.listed;
  }
  return t;
}

// Window pixel q as a sample of the interpolation.
template <class Store>
__device__ FillSample sample_at(const Store& s, int q) {
  const Window& w = s.window();
  return {static_cast<float>(w.x0 + q % w.w), static_cast<float>(w.y0 + q / w.w), static_cast<float>(s.grey(q))};
}

// The border's pixels in raster order (window pixels are numbered in raster order) to
// samples[0, t.border_size), by one ordered pass of the block over the window.
// `warp_counts`: kFillWarps ints of the block's shared memory.
template <class Store>
__device__ void write_samples(const Store& s, const Traced& t, FillSample* samples, int* warp_counts) {
  const Window& w = s.window();
  const int n = w.area();
  const int lane = static_cast<int>(threadIdx.x) % 32;
  const int warp = static_cast<int>(threadIdx.x) / 32;
  int written = 0;
  for (int base = 0; base < n && written < t.border_size; base += kFillThreads) {
    const int q = base + static_cast<int>(threadIdx.x);
    const bool on = q < n && s.tag(q) == t.border;
    const unsigned on_lanes = __ballot_sync(0xFFFFFFFFU, on);
    if (lane == 0) warp_counts[warp] = __popc(on_lanes);
    __syncthreads();
    int before = written;
    int total = written;
    for (int k = 0; k < kFillWarps; ++k) {
      before += k < warp ? warp_counts[k] : 0;
      total += warp_counts[k];
    }
    if (on) samples[before + __popc(on_lanes & ((1U << lane) - 1U))] = sample_at(s, q);
    written = total;
    __syncthreads();  // the counts are read before the next pass overwrites them
  }
}

// Inverse squared-distance interpolation at pixel (x, y), the samples added one by one in the
// CPU's order with its operations.
class Interpolation {
 public:
  __device__ Interpolation(int x, int y) : px_(static_cast<float>(x)), py_(static_cast<float>(y)) {}
  __device__ __forceinline__ void add(const FillSample& b) {
    const float dx = __fsub_rn(b.x, px_);
    const float dy = __fsub_rn(b.y, py_);
    // The CPU's 1.0F / d, at less cost than a division: d is a whole number, at least 1.
    const float wgt = whole_reciprocal(__fadd_rn(__fmul_rn(dx, dx), __fmul_rn(dy, dy)));
    num_ = __fadd_rn(num_, __fmul_rn(wgt, b.v));
    den_ = __fadd_rn(den_, wgt);
  }
  [[nodiscard]] __device__ std::uint8_t value() const {
    return static_cast<std::uint8_t>(static_cast<int>(__fadd_rn(__fdiv_rn(num_, den_), 0.5F)));
  }

 private:
  float px_;
  float py_;
  float num_ = 0.0F;
  float den_ = 0.0F;
};

// The interpolation of every pixel the reflection took, by the block, reading the border from
// the window (raster order): for a reflection whose samples found no room in device memory.
template <class Store>
__device__ void interpolate_from_window(const Store& s, const Traced& t, DeviceViewU8 dst) {
  const Window& w = s.window();
  for_window(w, [&](int q, int x, int y) {
    if (!taken(t, s.tag(q))) return;
    Interpolation fill(x, y);
    for (int b = 0; b < w.area(); ++b) {
      if (s.tag(b) == t.border) fill.add(sample_at(s, b));
    }
    dst.at(x, y) = fill.value();
  });
}

// The block marks the pixels the reflection took in the region's mask, and where `listed` is
// given (room for t.taken pixels) lists their raster indices there, in no particular order, for
// the interpolation by the last kernel.
template <class Store>
__device__ void mark_taken(const Store& s, const Traced& t, DeviceViewU8 mask, int* listed, FillTallies& tallies) {
  for_window(s.window(), [&](int q, int x, int y) {
    if (!taken(t, s.tag(q))) return;
    mask.at(x, y) = kMaskTaken;
    if (listed == nullptr) return;
    // One shared atomic for the warp's taken pixels.
    const cooperative_groups::coalesced_group lanes = cooperative_groups::coalesced_threads();
    int first = 0;
    if (lanes.thread_rank() == 0) first = atomicAdd(&tallies.listed, static_cast<int>(lanes.size()));
    listed[lanes.shfl(first, 0) + static_cast<int>(lanes.thread_rank())] = y * mask.width + x;
  });
  if (listed != nullptr) (void)take_tallies(tallies);
}

}  // namespace pt::gpu
