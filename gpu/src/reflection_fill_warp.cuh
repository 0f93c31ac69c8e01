#pragma once
// One reflection filled by one warp, with the CPU's ReflectionRemover::fill_component and
// take_halo as the reference, step for step:
// - the flood's walk (a depth-first stack) runs on one lane: the order in which it takes the
//   component's pixels decides everything after it, and only a sequential walk reproduces it;
// - the border and each halo ring are built by the whole warp: every pixel of the list before
//   claims its free neighbours with an atomic minimum of (its place in the list, the neighbour's
//   place around it), so each new pixel goes to the one that the CPU's loop would have reached it
//   from first, and the winners, compacted in key order, are the CPU's next ring in its order;
// - the interpolation sums over the border samples in the CPU's order with IEEE single-precision
//   operations that are never contracted into fused multiply-adds, one thread per pixel.
#include "fill_stores.cuh"

namespace pt::gpu {

constexpr int kWarp = 32;
constexpr unsigned kFullWarp = 0xFFFFFFFFU;
// The CPU's constants (reflection_remover.cpp): border samples of the interpolation, and the
// share of a ring that must darken outward for the ring to count as halo.
constexpr int kMaxSamples = 48;
constexpr float kHaloShare = 0.75F;

struct Samples {
  float x[kMaxSamples];
  float y[kMaxSamples];
  float v[kMaxSamples];
};

struct ReflectionSamples {
  Samples samples;
  int count;
};

__device__ __forceinline__ int warp_sum(int v) {
  for (int offset = kWarp / 2; offset > 0; offset /= 2) v += __shfl_xor_sync(kFullWarp, v, offset);
  return v;
}

// Sum of v over the lower lanes; `total` receives the sum over the warp.
__device__ __forceinline__ int warp_exclusive_sum(int v, int lane, int& total) {
  int inclusive = v;
  for (int offset = 1; offset < kWarp; offset *= 2) {
    const int below = __shfl_up_sync(kFullWarp, inclusive, offset);
    if (lane >= offset) inclusive += below;
  }
  total = __shfl_sync(kFullWarp, inclusive, kWarp - 1);
  return inclusive - v;
}

// The 3x3 neighbourhood of window pixel q, in the CPU's loop order (dy from -1, then dx from -1;
// slot 4 is q itself), -1 off the window. Everything a component touches lies inside its window,
// and the window is clipped only by the region's edges: off the window is off the image.
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
  // With slot a constant (an unrolled loop), all but the edge tests fold away.
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

// The flood from the seed over its component, on one lane: the CPU's depth-first walk, whose
// order decides the border's and so everything after it. Writes the component's pixels to the
// first list in the order the CPU takes them and returns how many; `frames` receives how many
// stack entries it may have written. Only the walk is sequential: the border follows from its
// order, in parallel (next_ring). A stack entry keeps a pixel with the neighbours it took that
// are still to be gone on from, and the walk takes the highest first, as the CPU pops the last
// one pushed; the top entry is read before it is known to be needed, off the critical path.
template <class Store>
__device__ int flood(Store& s, int seed, int& frames) {
  const int w = s.window().w;
  s.take(seed);
  s.make_mine(seed);
  int p = seed;
  int count = 0;
  int depth = 0;
  frames = 0;
  for (;;) {
    s.set_list(kStackList, count++, p);
    const FloodFrame top = depth > 0 ? s.frame(depth - 1) : FloodFrame{p, 0U};
    const unsigned around = s.take_reflections_around(p);
    const bool deeper = around != 0;
    if (!deeper && depth == 0) return count;
    const int from = deeper ? p : top.q;
    unsigned pending = deeper ? around : top.pending;
    const int slot = 31 - __clz(static_cast<int>(pending));
    pending &= ~(1U << slot);
    // Written whether or not it counts: one that does not lies past the stack's top.
    const int at = deeper ? depth : depth - 1;
    s.set_frame(at, {from, pending});
    frames = max(frames, at + 1);
    depth = at + (pending != 0 ? 1 : 0);
    p = from + (slot / 3 - 1) * w + slot % 3 - 1;
  }
}

template <class Store>
__device__ bool free_for_halo(const Store& s, int q) {
  return q >= 0 && s.state(q) == PixelState::Background && !s.mine(q);
}

// The free pixels around the `size` pixels of list `from`, in the order in which the CPU's loop
// over them meets them, to list `to`, made mine; returns how many. Every pixel of `from` claims
// its free neighbours with an atomic minimum of (its place in the list, the neighbour's place
// around it), and the winners are compacted in key order. `darker_outward` receives how many of
// them are darker than the pixel that won them.
template <class Store>
__device__ int next_ring(Store& s, int from, int size, int to, int& darker_outward, int lane) {
  for (int i = lane; i < size; i += kWarp) {
    const Around around(s.window(), s.list(from, i));
#pragma unroll
    for (int slot = 0; slot < 9; ++slot) {
      if (free_for_halo(s, around[slot])) s.claim(around[slot], static_cast<unsigned>(i * 9 + slot));
    }
  }
  __syncwarp();
  // The winners, 32 pixels of `from` at a time, appended in key order.
  int next_size = 0;
  darker_outward = 0;
  for (int base = 0; base < size; base += kWarp) {
    const int i = base + lane;
    const int p = i < size ? s.list(from, i) : 0;
    const Around around(s.window(), p);
    unsigned won = 0;
#pragma unroll
    for (int slot = 0; slot < 9; ++slot) {
      const int q = around[slot];
      if (i >= size || !free_for_halo(s, q) || s.claim_of(q) != static_cast<unsigned>(i * 9 + slot)) continue;
      won |= 1U << slot;
      darker_outward += s.grey(p) > s.grey(q) ? 1 : 0;
    }
    int total = 0;
    int at = next_size + warp_exclusive_sum(__popc(won), lane, total);
#pragma unroll
    for (int slot = 0; slot < 9; ++slot) {
      if ((won & (1U << slot)) != 0) s.set_list(to, at++, around[slot]);
    }
    next_size += total;
  }
  __syncwarp();
  for (int i = lane; i < next_size; i += kWarp) {
    const int q = s.list(to, i);
    s.make_mine(q);
    s.clear_claim(q);
  }
  darker_outward = warp_sum(darker_outward);
  __syncwarp();
  return next_size;
}

// The halo rings, built by the warp. `border` names the list holding the border, on return the
// final one; returns the final border's size.
template <class Store>
__device__ int grow_halo(Store& s, int rings, int border_size, int& border, int lane) {
  for (int ring = 0; ring < rings; ++ring) {
    const int next = 1 - border;
    int darker_outward = 0;
    const int next_size = next_ring(s, border, border_size, next, darker_outward, lane);
    if (next_size == 0 || static_cast<float>(darker_outward) < kHaloShare * static_cast<float>(next_size)) break;
    for (int i = lane; i < border_size; i += kWarp) s.take(s.list(border, i));
    __syncwarp();
    border = next;
    border_size = next_size;
  }
  return border_size;
}

// Every step-th border pixel, as the CPU subsamples; returns how many.
template <class Store>
__device__ int sample_border(const Store& s, int border, int border_size, Samples& samples, int lane) {
  const int step = (border_size + kMaxSamples - 1) / kMaxSamples;
  const int count = (border_size + step - 1) / step;
  const Window& w = s.window();
  for (int k = lane; k < count; k += kWarp) {
    const int p = s.list(border, k * step);
    samples.x[k] = static_cast<float>(w.x0 + p % w.w);
    samples.y[k] = static_cast<float>(w.y0 + p / w.w);
    samples.v[k] = static_cast<float>(s.grey(p));
  }
  __syncwarp();
  return count;
}

// Inverse squared-distance interpolation at (x, y) from `count` samples, in the CPU's order.
__device__ __forceinline__ std::uint8_t interpolated(const Samples& samples, int count, int x, int y) {
  const auto px = static_cast<float>(x);
  const auto py = static_cast<float>(y);
  float num = 0.0F;
  float den = 0.0F;
  for (int k = 0; k < count; ++k) {
    const float dx = __fsub_rn(samples.x[k], px);
    const float dy = __fsub_rn(samples.y[k], py);
    // The correctly rounded reciprocal is the CPU's 1.0F / d, at less cost than a division.
    const float wgt = __frcp_rn(__fadd_rn(__fmul_rn(dx, dx), __fmul_rn(dy, dy)));
    num = __fadd_rn(num, __fmul_rn(wgt, samples.v[k]));
    den = __fadd_rn(den, wgt);
  }
  return static_cast<std::uint8_t>(static_cast<int>(__fadd_rn(__fdiv_rn(num, den), 0.5F)));
}

// The interpolation of every pixel the component took, by the warp.
template <class Store>
__device__ void interpolate(const Store& s, const Samples& samples, int count, DeviceViewU8 dst, int lane) {
  for_window(s.window(), lane, [&](int q, int x, int y) {
    if (s.state(q) == PixelState::Taken && s.mine(q)) dst.at(x, y) = interpolated(samples, count, x, y);
  });
}

// Flood, halo and border samples of one component (not too large to be a reflection), by one
// warp. Returns the number of samples; 0 when no border surrounds it, and then it is not filled.
template <class Store>
__device__ int trace_reflection(Store& s, int seed, int rings, Samples& samples, int lane) {
  int inside = 0;
  int frames = 0;
  if (lane == 0) inside = flood(s, seed, frames);
  __syncwarp();
  inside = __shfl_sync(kFullWarp, inside, 0);
  frames = __shfl_sync(kFullWarp, frames, 0);
  for (int k = lane; k < frames; k += kWarp) s.clear_frame(k);
  __syncwarp();
  int border = 1 - kStackList;
  int darker_outward = 0;  // of no matter for the border
  int border_size = next_ring(s, kStackList, inside, border, darker_outward, lane);
  if (border_size == 0) return 0;
  border_size = grow_halo(s, rings, border_size, border, lane);
  return sample_border(s, border, border_size, samples, lane);
}

}  // namespace pt::gpu
