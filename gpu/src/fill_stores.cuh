#pragma once
// Where one reflection's fill keeps its working state: the pixels of its window (the box within
// which it reads or writes anything) with their mask state, their grey, a tag saying what the
// reflection made of each (nothing, its own, or the ring of that number), and two lists of window
// pixels (one ring, the next). A block's shared-memory slice when the window fits (fast), else
// device memory; the fill's code is the same for both.
#include <cstdint>

#include "pt/gpu/device_view.hpp"

namespace pt::gpu {

// The region's mask while the fill runs: 0 background, 255 reflection not yet reached, 254 taken
// by a reflection (its own pixels and its halo, filled unless nothing surrounds them).
constexpr std::uint8_t kMaskReflection = 255;
constexpr std::uint8_t kMaskTaken = 254;

enum class PixelState : std::uint8_t { Background = 0, Reflection = 1, Taken = 2 };

// What the reflection being filled has made of a pixel: nothing, its own, or ring k around it
// (tag kFirstRing + k). The rings it takes as halo keep their tags.
constexpr int kNoTag = 0;
constexpr int kOwnTag = 1;
constexpr int kFirstRing = 2;

// Fills on other multiprocessors write the mask while this one runs (it waits only for those it
// overlaps): reads of it skip this multiprocessor's L1, which may hold lines from before their
// writes.
__device__ __forceinline__ std::uint8_t read_shared_mask(CDeviceViewU8 mask, int x, int y) { return __ldcg(&mask.at(x, y)); }

__device__ __forceinline__ PixelState state_of(std::uint8_t m) {
  return m == 0 ? PixelState::Background : (m == kMaskReflection ? PixelState::Reflection : PixelState::Taken);
}

// A box of the region, in region pixels.
struct Window {
  int x0, y0, w, h;

  [[nodiscard]] __device__ int area() const { return w * h; }
};

// f(q, x, y) for every pixel of the window, q its index in the window, (x, y) its place in the
// region; the block's threads take consecutive pixels.
template <class F>
__device__ __forceinline__ void for_window(const Window& w, F&& f) {
  const int n = w.area();
#pragma unroll 4
  for (int q = static_cast<int>(threadIdx.x); q < n; q += static_cast<int>(blockDim.x)) {
    const int r = q / w.w;
    const int c = q - r * w.w;
    f(q, w.x0 + c, w.y0 + r);
  }
}

// Per pixel in shared memory: two 16-bit list entries, then state, grey and tag, a byte each.
// Window pixels are numbered in 16 bits, and a ring's number stays below 255: the halo takes at
// most sqrt(area / pi) rings, and a window of kMaxSharedWindow pixels holds a reflection of at
// most that area.
constexpr int kSharedBytesPerPixel = 7;
constexpr int kMaxSharedWindow = 65536;

class SharedStore {
 public:
  // slice: 2-byte aligned, kSharedBytesPerPixel per window pixel.
  __device__ SharedStore(unsigned char* slice, Window win) : win_(win) {
    const int n = win.area();
    lists_[0] = reinterpret_cast<std::uint16_t*>(slice);
    lists_[1] = lists_[0] + n;
    state_ = reinterpret_cast<std::uint8_t*>(lists_[1] + n);
    grey_ = state_ + n;
    tags_ = grey_ + n;
  }
  // Copies window pixel q in (m: its mask value), tagged as the reflection's own or as nothing.
  __device__ void load(int q, int x, int y, CDeviceViewU8 src, std::uint8_t m, bool own) {
    state_[q] = static_cast<std::uint8_t>(state_of(m));
    grey_[q] = src.at(x, y);
    tags_[q] = static_cast<std::uint8_t>(own ? kOwnTag : kNoTag);
  }

  [[nodiscard]] __device__ const Window& window() const { return win_; }
  [[nodiscard]] __device__ PixelState state(int q) const { return static_cast<PixelState>(state_[q]); }
  [[nodiscard]] __device__ std::uint8_t grey(int q) const { return grey_[q]; }
  [[nodiscard]] __device__ int tag(int q) const { return tags_[q]; }
  __device__ void set_tag(int q, int t) { tags_[q] = static_cast<std::uint8_t>(t); }
  // A select rather than an indexed array: the list pointers stay in registers.
  [[nodiscard]] __device__ int list(int which, int i) const { return (which == 0 ? lists_[0] : lists_[1])[i]; }
  __device__ void set_list(int which, int i, int q) { (which == 0 ? lists_[0] : lists_[1])[i] = static_cast<std::uint16_t>(q); }

 private:
  Window win_;
  std::uint16_t* lists_[2];
  std::uint8_t* state_;
  std::uint8_t* grey_;
  std::uint8_t* tags_;
};

// The same state in device memory, for a window too large for a block's slice: the region's mask
// and grey themselves, a tag image and two list images of the region's size, whose entry i lies
// at window pixel i. Windows of reflections filled at the same time are disjoint, so they never
// share storage.
class GlobalStore {
 public:
  struct Images {
    CDeviceViewU8 src;
    DeviceViewU8 mask;
    int* owner;
    std::uint16_t* tags;  // a ring's tag is at most sqrt(area / pi) + 2 < 65536
    int* lists[2];
  };

  __device__ GlobalStore(const Images& images, Window win) : im_(images), win_(win) {}
  __device__ void load(int q, int, int, CDeviceViewU8, std::uint8_t, bool own) const {
    im_.tags[pixel(q)] = static_cast<std::uint16_t>(own ? kOwnTag : kNoTag);
  }

  [[nodiscard]] __device__ const Window& window() const { return win_; }
  [[nodiscard]] __device__ PixelState state(int q) const { return state_of(read_shared_mask(im_.mask, x(q), y(q))); }
  [[nodiscard]] __device__ std::uint8_t grey(int q) const { return im_.src.at(x(q), y(q)); }
  [[nodiscard]] __device__ int tag(int q) const { return im_.tags[pixel(q)]; }
  __device__ void set_tag(int q, int t) const { im_.tags[pixel(q)] = static_cast<std::uint16_t>(t); }
  [[nodiscard]] __device__ int list(int which, int i) const { return (which == 0 ? im_.lists[0] : im_.lists[1])[pixel(i)]; }
  __device__ void set_list(int which, int i, int q) const { (which == 0 ? im_.lists[0] : im_.lists[1])[pixel(i)] = q; }

 private:
  [[nodiscard]] __device__ int x(int q) const { return win_.x0 + q % win_.w; }
  [[nodiscard]] __device__ int y(int q) const { return win_.y0 + q / win_.w; }
  [[nodiscard]] __device__ int pixel(int q) const { return y(q) * im_.src.width + x(q); }

  Images im_;
  Window win_;
};

}  // namespace pt::gpu
