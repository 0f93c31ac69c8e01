#include "pt/pupil/reflection_remover.hpp"

#include <algorithm>
#include <cassert>
#include <cstring>
#include <utility>

namespace pt {
namespace {

constexpr std::uint8_t kReflection = 255;
constexpr std::uint8_t kVisited = 254;   // reflection pixel already taken by a component
// Interpolating from every border pixel costs area x perimeter; an even subsample of this many
// keeps a smooth fill at a bounded cost.
constexpr std::size_t kMaxBorderSamples = 48;

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
        fill_component(src, dst, mask, x, y);
        ++count;
      }
    }
  }
  for (int y = 0; y < mask.height; ++y) {
    std::uint8_t* m = mask.row(y);
    for (int x = 0; x < mask.width; ++x) m[x] = m[x] == kVisited ? kReflection : m[x];
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

void ReflectionRemover::fill_component(CViewU8 src, ViewU8 dst, ViewU8 mask, int seed_x, int seed_y) {
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
  if (border_.empty()) return;  // the whole image is one reflection: nothing to interpolate from
  const std::size_t step = (border_.size() + kMaxBorderSamples - 1) / kMaxBorderSamples;
  for (const std::int32_t p : inside_) {
    const float px = static_cast<float>(p % w);
    const float py = static_cast<float>(p / w);
    float num = 0.0F;
    float den = 0.0F;
    for (std::size_t i = 0; i < border_.size(); i += step) {
      const std::int32_t b = border_[i];
      const float dx = static_cast<float>(b % w) - px;
      const float dy = static_cast<float>(b / w) - py;
      // Inverse squared distance: the nearest border dominates, so the fill joins its
      // surroundings without a step and a glint half on the pupil stays half dark.
      const float wgt = 1.0F / (dx * dx + dy * dy);
      num += wgt * static_cast<float>(src.at(b % w, b / w));
      den += wgt;
    }
    dst.at(p % w, p / w) = static_cast<std::uint8_t>(num / den + 0.5F);
  }
}

}  // namespace pt
