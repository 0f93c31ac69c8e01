#include "pt/pupil/reflection_remover.hpp"

#include <algorithm>
#include <array>
#include <cassert>
#include <cstring>
#include <utility>

#include "pt/pupil/reflection_fill_rules.hpp"

namespace pt {
namespace {

using reflection_fill::kHaloShare;

constexpr std::uint8_t kReflection = 255;
constexpr std::uint8_t kVisited = 254;   // reflection pixel already taken by a component
constexpr std::uint8_t kTooLarge = 253;  // bright, narrow, but too large for a reflection
constexpr std::uint8_t kBorder = 1;      // outside the reflections, taken as the current component's border
constexpr std::uint8_t kNextRing = 2;    // the ring beyond the border, while it is judged
// Pixels filled side by side, which the compiler turns into vector instructions.
constexpr std::size_t kLanes = 8;

// Eight floats handled as one value (GCC/Clang vector extension): two SSE registers on the
// x86-64 baseline, one AVX register where the processor has AVX2.
using Lanes = float __attribute__((vector_size(kLanes * sizeof(float))));

// The fill of kLanes pixels at (px, py) from n border samples (bx, by, bv), plus one half for
// rounding. Each lane keeps its own sums in the same order as alone, so the result is the same
// to the bit whatever the vector width (FMA stays off, which would round differently).
[[gnu::target_clones("avx2", "default")]] void fill_lanes(const float* px, const float* py, const float* bx,
                                                            const float* by, const float* bv, std::size_t n,
                                                            float* out) noexcept {
  Lanes x;
  Lanes y;
  std::memcpy(&x, px, sizeof x);
  std::memcpy(&y, py, sizeof y);
  Lanes num{};
  Lanes den{};
  for (std::size_t i = 0; i < n; ++i) {
    const Lanes dx = bx[i] - x;
    const Lanes dy = by[i] - y;
    // Inverse squared distance: the nearest border dominates, so the fill joins its
    // surroundings without a step and a glint half on the pupil stays half dark.
    const Lanes wgt = 1.0F / (dx * dx + dy * dy);
    num += wgt * bv[i];
    den += wgt;
  }
  const Lanes fill = num / den + 0.5F;
  std::memcpy(out, &fill, sizeof fill);
}

// out[x] |= in[x] over n bytes. Whole vectors go through local copies: byte pointers may alias
// anything as far as the compiler knows, and the copies let it use vector instructions.
void or_into(std::uint8_t* out, const std::uint8_t* in, int n) noexcept {
  constexpr int kVector = 16;
  int x = 0;
  for (; x + kVector <= n; x += kVector) {
    std::array<std::uint8_t, kVector> a;
    std::array<std::uint8_t, kVector> b;
    std::memcpy(a.data(), out + x, kVector);
    std::memcpy(b.data(), in + x, kVector);
    for (int i = 0; i < kVector; ++i) a[i] |= b[i];
    std::memcpy(out + x, a.data(), kVector);
  }
  for (; x < n; ++x) out[x] |= in[x];
}

// How many pixels of `ring` (marked kNextRing) are darker than the mean of their neighbours on
// the ring inside it (marked kBorder).
std::size_t darker_outward(CViewU8 src, CViewU8 mask, const std::vector<ReflectionRemover::Pixel>& ring) {
  std::size_t darker = 0;
  for (const auto q : ring) {
    int sum = 0;
    int n = 0;
    for (int dy = -1; dy <= 1; ++dy) {
      for (int dx = -1; dx <= 1; ++dx) {
        const int nx = q.x + dx;
        const int ny = q.y + dy;
        if (nx < 0 || ny < 0 || nx >= src.width || ny >= src.height || mask.at(nx, ny) != kBorder) continue;
        sum += src.at(nx, ny);
        ++n;
      }
    }
    darker += sum > n * static_cast<int>(src.at(q.x, q.y)) ? 1 : 0;
  }
  return darker;
}

// Rows top to bottom, each left to right: the order that the CPU and the GPU share.
void sort_in_raster_order(std::vector<ReflectionRemover::Pixel>& pixels) {
  std::sort(pixels.begin(), pixels.end(),
            [](ReflectionRemover::Pixel a, ReflectionRemover::Pixel b) { return a.y != b.y ? a.y < b.y : a.x < b.x; });
}

bool any_set(const std::uint8_t* row, int n) noexcept {
  std::uint8_t any = 0;
  for (int x = 0; x < n; ++x) any |= row[x];
  return any != 0;
}

}  // namespace

int ReflectionRemover::apply(CViewU8 src, ViewU8 dst, ViewU8 mask, const ReflectionParams& params) {
  assert(src.width == dst.width && src.height == dst.height);
  assert(src.width == mask.width && src.height == mask.height);
  if (!params.enabled) {
    copy_pixels(src, dst);
    for (int y = 0; y < mask.height; ++y) std::memset(mask.row(y), 0, static_cast<std::size_t>(mask.width));
    return 0;
  }
  find_mask(src, dst, mask, params);
  if (!params.fill) return 0;
  taken_.clear();
  int count = 0;
  const auto w = static_cast<std::size_t>(mask.width);
  for (int y = 0; y < mask.height; ++y) {
    if (row_marked_[static_cast<std::size_t>(y)] == 0) continue;
    const std::uint8_t* m = mask.row(y);
    // A fill may change the rest of this row, so the search resumes after each seed.
    for (std::size_t x = 0; x < w; ++x) {
      const void* hit = std::memchr(m + x, kReflection, w - x);
      if (hit == nullptr) break;
      x = static_cast<std::size_t>(static_cast<const std::uint8_t*>(hit) - m);
      count += fill_component(src, dst, mask, {static_cast<int>(x), y}, params) ? 1 : 0;
    }
  }
  for (const Pixel p : taken_) {
    std::uint8_t& m = mask.at(p.x, p.y);
    m = m == kVisited ? kReflection : std::uint8_t{0};
  }
  return count;
}

void ReflectionRemover::find_mask(CViewU8 src, ViewU8 dst, ViewU8 mask, const ReflectionParams& params) {
  const int w = src.width;
  const int h = src.height;
  for (int y = 0; y < h; ++y) std::memset(mask.row(y), 0, static_cast<std::size_t>(w));
  row_marked_.assign(static_cast<std::size_t>(h), 0);
  // The dilation by a k x k square anchored at its centre (as OpenCV anchors it) spreads a mark
  // k - 1 - k / 2 pixels up and left, k / 2 down and right. Marks are a small share of the
  // image, so only rows holding one are spread, straight into the zeroed mask.
  const int k = std::max(1, params.mask_dilation());
  const int before = k - 1 - k / 2;
  const int after = k / 2;
  padded_.assign(static_cast<std::size_t>(w + k - 1), 0);  // margins of zeros: outside pixels count for nothing
  spread_.resize(static_cast<std::size_t>(w));
  std::uint8_t* const padded = padded_.data();
  std::uint8_t* const spread = spread_.data();
  const auto thr = static_cast<std::uint8_t>(std::clamp(params.threshold, 0, 255));
  const auto floor = static_cast<std::uint8_t>(std::clamp(params.min_brightness, 0, 255));
  tophat_.threshold(src, params.kernel_size, thr, floor, [&](int y, const std::uint8_t* marks) {
    // The copy rides along while the source row is still in cache.
    std::memcpy(dst.row(y), src.row(y), static_cast<std::size_t>(w));
    if (!any_set(marks, w)) return;
    // Marks are 0 or 255, so the maximum is the bitwise or.
    std::memcpy(padded + after, marks, static_cast<std::size_t>(w));
    std::memcpy(spread, padded, static_cast<std::size_t>(w));
    for (int i = 1; i < k; ++i) or_into(spread, padded + i, w);
    for (int ty = std::max(0, y - before); ty <= std::min(h - 1, y + after); ++ty) {
      or_into(mask.row(ty), spread, w);
      row_marked_[static_cast<std::size_t>(ty)] = 1;
    }
  });
}

std::size_t ReflectionRemover::mark_too_large(ViewU8 mask, Pixel seed) {
  // Run by run: each run starts from a pixel on the stack and looks for more in the rows above
  // and below it. A few operations per pixel, against a dozen for the flood in fill_component().
  const std::size_t first = taken_.size();
  const int w = mask.width;
  stack_.clear();
  mask.at(seed.x, seed.y) = kTooLarge;
  stack_.push_back(seed);
  while (!stack_.empty()) {
    const Pixel p = stack_.back();
    stack_.pop_back();
    std::uint8_t* row = mask.row(p.y);
    int x0 = p.x;
    int x1 = p.x;
    while (x0 > 0 && row[x0 - 1] == kReflection) --x0;
    while (x1 + 1 < w && row[x1 + 1] == kReflection) ++x1;
    for (int x = x0; x <= x1; ++x) {
      row[x] = kTooLarge;
      taken_.push_back({x, p.y});
    }
    for (const int ny : {p.y - 1, p.y + 1}) {
      if (ny < 0 || ny >= mask.height) continue;
      std::uint8_t* next = mask.row(ny);
      const int end = std::min(w - 1, x1 + 1);
      for (int x = std::max(0, x0 - 1); x <= end; ++x) {
        if (next[x] != kReflection) continue;
        next[x] = kTooLarge;  // one seed per run; its run is marked when it comes off the stack
        stack_.push_back({x, ny});
        while (x < end && next[x + 1] == kReflection) ++x;
      }
    }
  }
  return taken_.size() - first;
}

void ReflectionRemover::take_halo(CViewU8 src, ViewU8 mask) {
  const int w = src.width;
  const int h = src.height;
  const int max_rings = reflection_fill::halo_rings(static_cast<int>(inside_.size()));
  for (int ring = 0; ring < max_rings && !border_.empty(); ++ring) {
    next_ring_.clear();
    for (const Pixel p : border_) {
      for (int dy = -1; dy <= 1; ++dy) {
        for (int dx = -1; dx <= 1; ++dx) {
          const int nx = p.x + dx;
          const int ny = p.y + dy;
          if (nx < 0 || ny < 0 || nx >= w || ny >= h || mask.at(nx, ny) != 0) continue;
          mask.at(nx, ny) = kNextRing;
          next_ring_.push_back({nx, ny});
        }
      }
    }
    if (next_ring_.empty()) return;
    const std::size_t darker = darker_outward(src, mask, next_ring_);
    for (const Pixel p : next_ring_) mask.at(p.x, p.y) = kBorder;
    if (static_cast<float>(darker) < kHaloShare * static_cast<float>(next_ring_.size())) return;
    for (const Pixel p : border_) {
      mask.at(p.x, p.y) = kVisited;
      inside_.push_back(p);
    }
    border_.swap(next_ring_);
  }
}

bool ReflectionRemover::fill_component(CViewU8 src, ViewU8 dst, ViewU8 mask, Pixel seed,
                                       const ReflectionParams& params) {
  const int w = src.width;
  const int h = src.height;
  // A corneal reflection is no larger than the top-hat square that found it (plus its halo);
  // larger bright shapes are slivers of sclera or skin between the lids and the iris. They are
  // left as they are: interpolating them would cost area x perimeter and gain nothing.
  const std::size_t max_area = 2U * static_cast<std::size_t>(params.kernel_size) * static_cast<std::size_t>(params.kernel_size);
  // Marked as too large first, which is cheap; a shape small enough goes back to unvisited for
  // the flood below, which also collects its border.
  const std::size_t first = taken_.size();
  if (mark_too_large(mask, seed) > max_area) return false;
  for (std::size_t i = first; i < taken_.size(); ++i) mask.at(taken_[i].x, taken_[i].y) = kReflection;
  taken_.resize(first);
  inside_.clear();
  border_.clear();
  next_ring_.clear();
  stack_.clear();
  mask.at(seed.x, seed.y) = kVisited;
  stack_.push_back(seed);
  while (!stack_.empty()) {
    const Pixel p = stack_.back();
    stack_.pop_back();
    inside_.push_back(p);
    auto visit = [this](std::uint8_t& mv, int nx, int ny) {
      if (mv == kReflection) {
        mv = kVisited;
        stack_.push_back({nx, ny});
      } else if (mv == 0) {
        mv = kBorder;
        border_.push_back({nx, ny});
      }
    };
    if (p.x > 0 && p.y > 0 && p.x + 1 < w && p.y + 1 < h) {
      // Away from the image's edges every neighbour exists (the usual case: no bounds tests).
      std::uint8_t* const above = mask.row(p.y - 1) + p.x;
      std::uint8_t* const level = mask.row(p.y) + p.x;
      std::uint8_t* const below = mask.row(p.y + 1) + p.x;
      visit(above[-1], p.x - 1, p.y - 1);
      visit(above[0], p.x, p.y - 1);
      visit(above[1], p.x + 1, p.y - 1);
      visit(level[-1], p.x - 1, p.y);
      visit(level[1], p.x + 1, p.y);
      visit(below[-1], p.x - 1, p.y + 1);
      visit(below[0], p.x, p.y + 1);
      visit(below[1], p.x + 1, p.y + 1);
      continue;
    }
    for (int dy = -1; dy <= 1; ++dy) {
      for (int dx = -1; dx <= 1; ++dx) {
        const int nx = p.x + dx;
        const int ny = p.y + dy;
        if (nx < 0 || ny < 0 || nx >= w || ny >= h || (dx == 0 && dy == 0)) continue;
        visit(mask.at(nx, ny), nx, ny);
      }
    }
  }
  // With no border the whole image is one reflection: nothing to interpolate from.
  const bool filled = !border_.empty();
  if (filled) {
    take_halo(src, mask);
    sort_in_raster_order(border_);
    sample_border(src);
    interpolate(dst);
  }
  taken_.insert(taken_.end(), inside_.begin(), inside_.end());
  for (const auto* ring : {&border_, &next_ring_}) {
    for (const Pixel p : *ring) {
      std::uint8_t& mv = mask.at(p.x, p.y);
      if (mv == kBorder) mv = 0;
    }
  }
  return filled;
}

void ReflectionRemover::sample_border(CViewU8 src) {
  // Plain coordinates and values, so that the interpolation's inner loop is pure arithmetic
  // that vectorises.
  border_x_.clear();
  border_y_.clear();
  border_v_.clear();
  for (const Pixel b : border_) {
    border_x_.push_back(static_cast<float>(b.x));
    border_y_.push_back(static_cast<float>(b.y));
    border_v_.push_back(static_cast<float>(src.at(b.x, b.y)));
  }
}

void ReflectionRemover::interpolate(ViewU8 dst) {
  const std::size_t n = border_x_.size();
  const float* const bx = border_x_.data();
  const float* const by = border_y_.data();
  const float* const bv = border_v_.data();
  for (std::size_t j = 0; j < inside_.size(); j += kLanes) {
    const std::size_t lanes = std::min(kLanes, inside_.size() - j);
    std::array<float, kLanes> px{};
    std::array<float, kLanes> py{};
    for (std::size_t l = 0; l < kLanes; ++l) {
      const Pixel p = inside_[j + std::min(l, lanes - 1)];  // spare lanes repeat the last pixel
      px[l] = static_cast<float>(p.x);
      py[l] = static_cast<float>(p.y);
    }
    std::array<float, kLanes> fill{};
    fill_lanes(px.data(), py.data(), bx, by, bv, n, fill.data());
    for (std::size_t l = 0; l < lanes; ++l) {
      const Pixel p = inside_[j + l];
      dst.at(p.x, p.y) = static_cast<std::uint8_t>(fill[l]);
    }
  }
}

}  // namespace pt
