#include "pt/pupil/reflection_remover.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstring>
#include <numbers>
#include <utility>

namespace pt {
namespace {

constexpr std::uint8_t kReflection = 255;
constexpr std::uint8_t kVisited = 254;   // reflection pixel already taken by a component
constexpr std::uint8_t kTooLarge = 253;  // bright, narrow, but too large for a reflection
// Interpolating from every border pixel costs area x perimeter; an even subsample of this many
// keeps a smooth fill at a bounded cost.
constexpr std::size_t kMaxBorderSamples = 48;
// Light scattered around a glint fades over a few pixels beyond the part bright enough to be
// found; on a dark pupil it would read as a border of its own. A ring around the found part that
// is brighter than the next ring out nearly all around is still that halo. Noise alone makes
// half a ring brighter; a ring that only partly darkens outward meets the pupil or the iris.
constexpr float kHaloShare = 0.75F;

}  // namespace

int ReflectionRemover::apply(CViewU8 src, ViewU8 dst, ViewU8 mask, const ReflectionParams& params) {
  assert(src.width == dst.width && src.height == dst.height);
  assert(src.width == mask.width && src.height == mask.height);
  copy_pixels(src, dst);
  if (!params.enabled) {
    for (int y = 0; y < mask.height; ++y) std::memset(mask.row(y), 0, static_cast<std::size_t>(mask.width));
    return 0;
  }
  find_mask(src, mask, params);
  if (border_stamp_.width() != src.width || border_stamp_.height() != src.height) {
    border_stamp_ = Image<std::uint32_t>(src.width, src.height, 0U);
    component_id_ = 0;
  }
  int count = 0;
  for (int y = 0; y < mask.height; ++y) {
    const std::uint8_t* m = mask.row(y);
    for (int x = 0; x < mask.width; ++x) {
      if (m[x] == kReflection) {
        count += fill_component(src, dst, mask, x, y, params) ? 1 : 0;
      }
    }
  }
  for (int y = 0; y < mask.height; ++y) {
    std::uint8_t* m = mask.row(y);
    for (int x = 0; x < mask.width; ++x) m[x] = m[x] == kVisited ? kReflection : (m[x] == kTooLarge ? 0 : m[x]);
  }
  return count;
}

void ReflectionRemover::find_mask(CViewU8 src, ViewU8 mask, const ReflectionParams& params) {
  thresholded_.resize(src.width, src.height);
  const auto thr = static_cast<std::uint8_t>(std::clamp(params.threshold, 0, 255));
  const auto floor = static_cast<std::uint8_t>(std::clamp(params.min_brightness, 0, 255));
  tophat_.threshold(src, thresholded_.view(), params.kernel_size, thr, floor);
  const int grow = std::max(1, params.dilation);
  grow_.apply(std::as_const(thresholded_).view(), mask, grow, grow, Extremum::Max);
}

void ReflectionRemover::take_halo(CViewU8 src, ViewU8 mask) {
  const int w = src.width;
  const int h = src.height;
  // The halo is about as wide as the glint itself.
  const auto max_rings = static_cast<int>(std::sqrt(static_cast<float>(inside_.size()) / std::numbers::pi_v<float>));
  for (int ring = 0; ring < max_rings && !border_.empty(); ++ring) {
    next_ring_.clear();
    descents_.clear();
    for (const std::int32_t p : border_) {
      const int px = p % w;
      const int py = p / w;
      for (int dy = -1; dy <= 1; ++dy) {
        for (int dx = -1; dx <= 1; ++dx) {
          const int nx = px + dx;
          const int ny = py + dy;
          if (nx < 0 || ny < 0 || nx >= w || ny >= h || mask.at(nx, ny) != 0) continue;
          if (border_stamp_.at(nx, ny) == component_id_) continue;
          border_stamp_.at(nx, ny) = component_id_;
          next_ring_.push_back(ny * w + nx);
          descents_.push_back(static_cast<float>(src.at(px, py)) - static_cast<float>(src.at(nx, ny)));
        }
      }
    }
    if (next_ring_.empty()) return;
    const auto darker_outward = std::count_if(descents_.begin(), descents_.end(), [](float d) { return d > 0.0F; });
    if (static_cast<float>(darker_outward) < kHaloShare * static_cast<float>(descents_.size())) return;
    for (const std::int32_t p : border_) {
      mask.at(p % w, p / w) = kVisited;
      inside_.push_back(p);
    }
    border_.swap(next_ring_);
  }
}

bool ReflectionRemover::fill_component(CViewU8 src, ViewU8 dst, ViewU8 mask, int seed_x, int seed_y,
                                       const ReflectionParams& params) {
  const int w = src.width;
  const int h = src.height;
  ++component_id_;
  if (component_id_ == 0) {  // wrapped after 4 billion reflections: start the stamps afresh
    border_stamp_ = Image<std::uint32_t>(w, h, 0U);
    component_id_ = 1;
  }
  inside_.clear();
  border_.clear();
  stack_.clear();
  auto key = [w](int x, int y) { return y * w + x; };
  mask.at(seed_x, seed_y) = kVisited;
  stack_.push_back(key(seed_x, seed_y));
  while (!stack_.empty()) {
    const std::int32_t p = stack_.back();
    stack_.pop_back();
    inside_.push_back(p);
    const int px = p % w;
    const int py = p / w;
    for (int dy = -1; dy <= 1; ++dy) {
      for (int dx = -1; dx <= 1; ++dx) {
        const int nx = px + dx;
        const int ny = py + dy;
        if (nx < 0 || ny < 0 || nx >= w || ny >= h || (dx == 0 && dy == 0)) continue;
        std::uint8_t& mv = mask.at(nx, ny);
        if (mv == kReflection) {
          mv = kVisited;
          stack_.push_back(key(nx, ny));
        } else if (mv == 0 && border_stamp_.at(nx, ny) != component_id_) {
          border_stamp_.at(nx, ny) = component_id_;
          border_.push_back(key(nx, ny));
        }
      }
    }
  }
  // A corneal reflection is no larger than the top-hat square that found it (plus its halo);
  // larger bright shapes are slivers of sclera or skin between the lids and the iris. They are
  // left as they are: interpolating them would cost area x perimeter and gain nothing.
  const std::size_t max_area = 2U * static_cast<std::size_t>(params.kernel_size) * static_cast<std::size_t>(params.kernel_size);
  if (inside_.size() > max_area) {
    for (const std::int32_t p : inside_) mask.at(p % w, p / w) = kTooLarge;
    return false;
  }
  if (border_.empty()) return false;  // the whole image is one reflection: nothing to interpolate from
  take_halo(src, mask);
  // The subsampled border as plain coordinates and values, so the inner loop below is pure
  // arithmetic that vectorises.
  const std::size_t step = (border_.size() + kMaxBorderSamples - 1) / kMaxBorderSamples;
  border_x_.clear();
  border_y_.clear();
  border_v_.clear();
  for (std::size_t i = 0; i < border_.size(); i += step) {
    const int bx = border_[i] % w;
    const int by = border_[i] / w;
    border_x_.push_back(static_cast<float>(bx));
    border_y_.push_back(static_cast<float>(by));
    border_v_.push_back(static_cast<float>(src.at(bx, by)));
  }
  const std::size_t n = border_x_.size();
  for (const std::int32_t p : inside_) {
    const int x = p % w;
    const int y = p / w;
    const auto px = static_cast<float>(x);
    const auto py = static_cast<float>(y);
    float num = 0.0F;
    float den = 0.0F;
    for (std::size_t i = 0; i < n; ++i) {
      const float dx = border_x_[i] - px;
      const float dy = border_y_[i] - py;
      // Inverse squared distance: the nearest border dominates, so the fill joins its
      // surroundings without a step and a glint half on the pupil stays half dark.
      const float wgt = 1.0F / (dx * dx + dy * dy);
      num += wgt * border_v_[i];
      den += wgt;
    }
    dst.at(x, y) = static_cast<std::uint8_t>(num / den + 0.5F);
  }
  return true;
}

}  // namespace pt
