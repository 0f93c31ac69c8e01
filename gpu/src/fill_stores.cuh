#pragma once
// Where one reflection's fill keeps its working state: the pixels of its window (the box within
// which it reads or writes anything) with their mask state, the "mine" mark (the CPU's border
// stamp), the source grey, a claim per pixel for ordering halo rings, and two lists of window
// pixels (the flood's pixels in the order it takes them, then ring after ring). The flood's stack
// borrows the claims, which it leaves unset. A warp's shared-memory slice when the window
// fits (fast), else device memory; the fill's code is the same for both.
#include <cstdint>

#include "pt/gpu/device_view.hpp"

namespace pt::gpu {

// The region's mask while the fill runs: 0 background, 255 reflection not yet taken by its
// component's flood, 254 taken (a flooded reflection pixel or a halo pixel).
constexpr std::uint8_t kMaskReflection = 255;
constexpr std::uint8_t kMaskTaken = 254;

enum class PixelState : std::uint8_t { Background = 0, Reflection = 1, Taken = 2 };

// An entry of the flood's stack: a pixel taken, and those of its reflection neighbours it took
// that the flood has yet to go on from, as bits by their place around it (see Around).
struct FloodFrame {
  int q;
  unsigned pending;
};

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

constexpr int kStackList = 0;  // of a store's two lists: the flood's pixels in its order, later a ring list

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
      const auto state = static_cast<std::uint8_t>(
          m == 0 ? PixelState::Background : (m == kMaskReflection ? PixelState::Reflection : PixelState::Taken));
      const int column = x - win_.x0;
      state_[q] = static_cast<std::uint8_t>(state | (column > 0 ? kHasLeft : 0) | (column + 1 < win_.w ? kHasRight : 0));
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
  __device__ void take(int q) { state_[q] = taken(state_[q]); }
  __device__ void make_mine(int q) { state_[q] = static_cast<std::uint8_t>(state_[q] | kMine); }
  // The flood's step from q, on one lane: takes q's reflection neighbours not yet taken and returns
  // them as bits by their place around q. The critical path of the whole fill, so the eight
  // neighbours are read together, each at an index kept inside the window whether or not it
  // exists (those that do not are masked off after), and the edge tests read q's own cell.
  __device__ unsigned take_reflections_around(int q) {
    const int w = win_.w;
    const int last = win_.area() - 1;
    const int above = q >= w ? q - w : q;
    const int below = q + w <= last ? q + w : q;
    const std::uint8_t centre = state_[q];
    unsigned exists = 0x1EFU;  // all but q itself
    if (above == q) exists &= ~0x007U;
    if (below == q) exists &= ~0x1C0U;
    if ((centre & kHasLeft) == 0) exists &= ~0x049U;
    if ((centre & kHasRight) == 0) exists &= ~0x124U;
    const int row[3] = {above, q, below};
    int at[9];
    std::uint8_t cell[9];
    unsigned found = 0;
#pragma unroll
    for (int slot = 0; slot < 9; ++slot) {
      at[slot] = min(max(row[slot / 3] + slot % 3 - 1, 0), last);
      cell[slot] = state_[at[slot]];
      found |= (cell[slot] & kStateBits) == kReflectionCell ? 1U << slot : 0U;
    }
    found &= exists;
#pragma unroll
    for (int slot = 0; slot < 9; ++slot) {
      if ((found >> slot & 1U) != 0) state_[at[slot]] = static_cast<std::uint8_t>(taken(cell[slot]) | kMine);
    }
    return found;
  }
  // The flood's stack lies in the claims, a word an entry (a window has at most 65536 pixels).
  __device__ void set_frame(int k, FloodFrame f) { claims_[k] = static_cast<unsigned>(f.q) | f.pending << 16; }
  [[nodiscard]] __device__ FloodFrame frame(int k) const { return {static_cast<int>(claims_[k] & 0xFFFFU), claims_[k] >> 16}; }
  __device__ void clear_frame(int k) { claims_[k] = kNoClaim; }
  __device__ void claim(int q, unsigned key) { atomicMin_block(claims_ + q, key); }
  [[nodiscard]] __device__ unsigned claim_of(int q) const { return claims_[q]; }
  __device__ void clear_claim(int q) { claims_[q] = kNoClaim; }
  // A select rather than an indexed array: the list pointers stay in registers.
  [[nodiscard]] __device__ int list(int which, int i) const { return (which == 0 ? lists_[0] : lists_[1])[i]; }
  __device__ void set_list(int which, int i, int q) { (which == 0 ? lists_[0] : lists_[1])[i] = static_cast<std::uint16_t>(q); }

 private:
  static constexpr std::uint8_t kStateBits = 3;
  static constexpr std::uint8_t kMine = 4;
  // Whether the pixel has a neighbour in the window to its left, to its right.
  static constexpr std::uint8_t kHasLeft = 8;
  static constexpr std::uint8_t kHasRight = 16;
  static constexpr auto kReflectionCell = static_cast<std::uint8_t>(PixelState::Reflection);

  [[nodiscard]] __device__ static std::uint8_t taken(std::uint8_t b) {
    return static_cast<std::uint8_t>((b & ~kStateBits) | static_cast<std::uint8_t>(PixelState::Taken));
  }

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
  __device__ unsigned take_reflections_around(int q) const {
    const int column = q % win_.w;
    const int row = q / win_.w;
    unsigned found = 0;
    for (int slot = 0; slot < 9; ++slot) {
      const int c = column + slot % 3 - 1;
      const int r = row + slot / 3 - 1;
      if (slot == 4 || c < 0 || c >= win_.w || r < 0 || r >= win_.h) continue;
      const int at = r * win_.w + c;
      if (state(at) != PixelState::Reflection) continue;
      take(at);
      make_mine(at);
      found |= 1U << slot;
    }
    return found;
  }
  // The flood's stack: pixels in the list the flood's order does not use (free until the
  // border), pending bits in the claims.
  __device__ void set_frame(int k, FloodFrame f) const {
    im_.lists[1 - kStackList][pixel(k)] = f.q;
    im_.claims[pixel(k)] = f.pending;
  }
  [[nodiscard]] __device__ FloodFrame frame(int k) const {
    return {im_.lists[1 - kStackList][pixel(k)], static_cast<unsigned>(im_.claims[pixel(k)])};
  }
  __device__ void clear_frame(int k) const { im_.claims[pixel(k)] = kNoClaim; }
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
