#pragma once
// Where one reflection's fill keeps its working state: the pixels of its window (the box within
// which it reads or writes anything) with their mask state, the "mine" mark (the CPU's border
// stamp), the source grey, a claim per pixel for ordering halo rings, and two lists of window
// pixels (the flood's stack, then ring after ring). A warp's shared-memory slice when the window
// fits (fast), else device memory; the fill's code is the same for both.
#include <cstdint>

#include "pt/gpu/device_view.hpp"

namespace pt::gpu {

// The region's mask while the fill runs: 0 background, 255 reflection not yet taken by its
// component's flood, 254 taken (a flooded reflection pixel or a halo pixel).
constexpr std::uint8_t kMaskReflection = 255;
constexpr std::uint8_t kMaskTaken = 254;

enum class PixelState : std::uint8_t { Background = 0, Reflection = 1, Taken = 2 };

// A pixel as the flood meets it: background no component took yet (the current one's border
// to be), a reflection pixel to take, or anything else, which the flood passes by.
enum class FloodCell : std::uint8_t { Free, Reflection, Closed };

constexpr unsigned kNoClaim = 0xFFFFFFFFU;

// Fills on other multiprocessors write the mask, the owner image and the claims while this one
// runs (it waits only for those it overlaps): reads of them skip this multiprocessor's L1,
// which may hold lines from before their writes.
__device__ __forceinline__ std::uint8_t read_shared_mask(CDeviceViewU8 mask, int x, int y) { return __ldcg(&mask.at(x, y)); }

// A box of the region, in region pixels.
struct Window {
  int x0, y0, w, h;

  [[nodiscard]] __device__ int area() const { return w * h; }
};

// f(q, x, y) for every pixel of the window, q its index in the window, (x, y) its place in the
// region; the lanes of a warp take consecutive pixels. Unrolled so that the device-memory loads
// of several steps are in flight together rather than one after the other.
template <class F>
__device__ __forceinline__ void for_window(const Window& w, int lane, F&& f) {
  const int n = w.area();
#pragma unroll 4
  for (int q = lane; q < n; q += 32) {
    const int r = q / w.w;
    const int c = q - r * w.w;
    f(q, w.x0 + c, w.y0 + r);
  }
}

// Per pixel in shared memory: a 32-bit claim, two 16-bit list entries, state with the mine bit,
// grey. List entries are window pixel indices, so a window has at most 65536 pixels.
constexpr int kSharedBytesPerPixel = 10;
constexpr int kMaxSharedWindow = 65536;

class SharedStore {
 public:
  // slice: 4-byte aligned, kSharedBytesPerPixel per window pixel.
  __device__ SharedStore(unsigned char* slice, Window win) : win_(win) {
    const int n = win.area();
    claims_ = reinterpret_cast<unsigned*>(slice);
    lists_[0] = reinterpret_cast<std::uint16_t*>(claims_ + n);
    lists_[1] = lists_[0] + n;
    state_ = reinterpret_cast<std::uint8_t*>(lists_[1] + n);
    grey_ = state_ + n;
  }
  // The warp copies its window in; the mine marks start clear, claims unset.
  __device__ void load(CDeviceViewU8 src, CDeviceViewU8 mask, int lane) {
    for_window(win_, lane, [&](int q, int x, int y) {
      const std::uint8_t m = read_shared_mask(mask, x, y);
      state_[q] = static_cast<std::uint8_t>(m == 0 ? PixelState::Background
                                                  : (m == kMaskReflection ? PixelState::Reflection : PixelState::Taken));
      grey_[q] = src.at(x, y);
      claims_[q] = kNoClaim;
    });
  }
  // The warp marks the pixels this component took in the region's mask and owner image.
  __device__ void store(DeviceViewU8 mask, int* owner, int id, int lane) const {
    for_window(win_, lane, [&](int q, int x, int y) {
      if (state(q) != PixelState::Taken || !mine(q)) return;
      mask.at(x, y) = kMaskTaken;
      owner[y * mask.width + x] = id;
    });
  }

  [[nodiscard]] __device__ const Window& window() const { return win_; }
  [[nodiscard]] __device__ PixelState state(int q) const { return static_cast<PixelState>(state_[q] & kStateBits); }
  [[nodiscard]] __device__ bool mine(int q) const { return (state_[q] & kMine) != 0; }
  [[nodiscard]] __device__ std::uint8_t grey(int q) const { return grey_[q]; }
  __device__ void take(int q) { state_[q] = static_cast<std::uint8_t>(static_cast<std::uint8_t>(PixelState::Taken) | (state_[q] & kMine)); }
  __device__ void make_mine(int q) { state_[q] = static_cast<std::uint8_t>(state_[q] | kMine); }
  [[nodiscard]] __device__ FloodCell flood_cell(int q) const {
    const std::uint8_t b = state_[q];  // a reflection pixel is never marked mine
    return b == 0 ? FloodCell::Free : (b == kReflectionCell ? FloodCell::Reflection : FloodCell::Closed);
  }
  // What the flood makes of a cell it met: a reflection pixel taken and mine, a free one mine
  // (this component's border), one store; a closed one unchanged.
  __device__ void settle(int q, FloodCell c) {
    if (c != FloodCell::Closed) state_[q] = c == FloodCell::Reflection ? kTakenMine : kMine;
  }
  __device__ void claim(int q, unsigned key) { atomicMin_block(claims_ + q, key); }
  [[nodiscard]] __device__ unsigned claim_of(int q) const { return claims_[q]; }
  __device__ void clear_claim(int q) { claims_[q] = kNoClaim; }
  // A select rather than an indexed array: the list pointers stay in registers.
  [[nodiscard]] __device__ int list(int which, int i) const { return (which == 0 ? lists_[0] : lists_[1])[i]; }
  __device__ void set_list(int which, int i, int q) { (which == 0 ? lists_[0] : lists_[1])[i] = static_cast<std::uint16_t>(q); }

 private:
  static constexpr std::uint8_t kStateBits = 3;
  static constexpr std::uint8_t kMine = 4;
  static constexpr auto kReflectionCell = static_cast<std::uint8_t>(PixelState::Reflection);
  static constexpr auto kTakenMine = static_cast<std::uint8_t>(static_cast<std::uint8_t>(PixelState::Taken) | kMine);

  Window win_;
  unsigned* claims_;
  std::uint16_t* lists_[2];
  std::uint8_t* state_;
  std::uint8_t* grey_;
};

// The same state in device memory, for a window too large for a warp's slice: the region's mask
// itself, the owner image for the mine marks (a mark is the component's id), an image of claims
// (kNoClaim between uses), and two list arrays whose entry i lies at window pixel i: windows of
// components processed together are disjoint.
class GlobalStore {
 public:
  struct Images {
    CDeviceViewU8 src;
    DeviceViewU8 mask;
    int* owner;
    unsigned* claims;
    int* lists[2];
  };

  __device__ GlobalStore(const Images& images, Window win, int id) : im_(images), win_(win), id_(id) {}
  __device__ void load(CDeviceViewU8, CDeviceViewU8, int) {}
  __device__ void store(DeviceViewU8, int*, int, int) const {}

  [[nodiscard]] __device__ const Window& window() const { return win_; }
  [[nodiscard]] __device__ PixelState state(int q) const {
    const std::uint8_t m = read_shared_mask(im_.mask, x(q), y(q));
    return m == 0 ? PixelState::Background : (m == kMaskReflection ? PixelState::Reflection : PixelState::Taken);
  }
  [[nodiscard]] __device__ bool mine(int q) const { return __ldcg(im_.owner + pixel(q)) == id_; }
  [[nodiscard]] __device__ std::uint8_t grey(int q) const { return im_.src.at(x(q), y(q)); }
  __device__ void take(int q) const { im_.mask.at(x(q), y(q)) = kMaskTaken; }
  __device__ void make_mine(int q) const { im_.owner[pixel(q)] = id_; }
  [[nodiscard]] __device__ FloodCell flood_cell(int q) const {
    const std::uint8_t m = read_shared_mask(im_.mask, x(q), y(q));
    if (m == kMaskReflection) return FloodCell::Reflection;
    return m == 0 && !mine(q) ? FloodCell::Free : FloodCell::Closed;
  }
  __device__ void settle(int q, FloodCell c) const {
    if (c == FloodCell::Reflection) take(q);
    if (c != FloodCell::Closed) make_mine(q);
  }
  __device__ void claim(int q, unsigned key) const { atomicMin(im_.claims + pixel(q), key); }
  [[nodiscard]] __device__ unsigned claim_of(int q) const { return __ldcg(im_.claims + pixel(q)); }
  __device__ void clear_claim(int q) const { im_.claims[pixel(q)] = kNoClaim; }
  [[nodiscard]] __device__ int list(int which, int i) const { return (which == 0 ? im_.lists[0] : im_.lists[1])[pixel(i)]; }
  __device__ void set_list(int which, int i, int q) const { (which == 0 ? im_.lists[0] : im_.lists[1])[pixel(i)] = q; }

 private:
  [[nodiscard]] __device__ int x(int q) const { return win_.x0 + q % win_.w; }
  [[nodiscard]] __device__ int y(int q) const { return win_.y0 + q / win_.w; }
  [[nodiscard]] __device__ int pixel(int q) const { return y(q) * im_.src.width + x(q); }

  Images im_;
  Window win_;
  int id_;
};

}  // namespace pt::gpu
