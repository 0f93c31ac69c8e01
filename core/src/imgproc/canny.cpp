#include "pt/imgproc/canny.hpp"

#include <algorithm>
#include <cmath>

namespace pt {
namespace {

// States of the hysteresis map.
constexpr std::uint8_t kNotEdge = 0;
constexpr std::uint8_t kCandidate = 1;  // a peak above the low threshold
constexpr std::uint8_t kEdge = 2;

// Copies row `y` (clamped into the image) with one replicated pixel at each end.
void replicate_row(CViewU8 src, int y, std::vector<std::uint8_t>& out) {
  const std::uint8_t* row = src.row(std::clamp(y, 0, src.height - 1));
  out.resize(static_cast<std::size_t>(src.width) + 2);
  out.front() = row[0];
  std::copy(row, row + src.width, out.begin() + 1);
  out.back() = row[src.width - 1];
}

}  // namespace

void CannyEdgeDetector::compute_gradients(CViewU8 src) {
  const int w = src.width;
  const int h = src.height;
  dx_.resize(w, h);
  dy_.resize(w, h);
  magnitude_.resize(w + 2, h + 2);
  std::fill(magnitude_.data(), magnitude_.data() + static_cast<std::ptrdiff_t>(w + 2) * (h + 2), 0.0F);
  if (src.empty()) return;
  for (int y = 0; y < h; ++y) {
    for (int k = 0; k < 3; ++k) replicate_row(src, y - 1 + k, padded_rows_[k]);
    const std::uint8_t* r0 = padded_rows_[0].data() + 1;
    const std::uint8_t* r1 = padded_rows_[1].data() + 1;
    const std::uint8_t* r2 = padded_rows_[2].data() + 1;
    std::int16_t* gx = dx_.view().row(y);
    std::int16_t* gy = dy_.view().row(y);
    float* mag = magnitude_.view().row(y + 1) + 1;
    for (int x = 0; x < w; ++x) {
      const int sx = (r0[x + 1] - r0[x - 1]) + 2 * (r1[x + 1] - r1[x - 1]) + (r2[x + 1] - r2[x - 1]);
      const int sy = (r2[x - 1] + 2 * r2[x] + r2[x + 1]) - (r0[x - 1] + 2 * r0[x] + r0[x + 1]);
      gx[x] = static_cast<std::int16_t>(sx);
      gy[x] = static_cast<std::int16_t>(sy);
      mag[x] = std::sqrt(static_cast<float>(sx * sx + sy * sy));
    }
  }
}

float CannyEdgeDetector::magnitude_quantile(float fraction) {
  const int w = dx_.width();
  const int h = dx_.height();
  histogram_.assign(1, 0);
  for (int y = 0; y < h; ++y) {
    const float* mag = magnitude_.view().row(y + 1) + 1;
    for (int x = 0; x < w; ++x) {
      const auto bin = static_cast<std::size_t>(std::lround(mag[x]));
      if (bin >= histogram_.size()) histogram_.resize(bin + 1, 0);
      ++histogram_[bin];
    }
  }
  const double wanted = static_cast<double>(fraction) * static_cast<double>(w) * static_cast<double>(h);
  std::int64_t below = 0;
  for (std::size_t bin = 0; bin < histogram_.size(); ++bin) {
    below += histogram_[bin];
    if (static_cast<double>(below) >= wanted) return static_cast<float>(bin);
  }
  return static_cast<float>(histogram_.size() - 1);
}

void CannyEdgeDetector::find_edges(float low, float high, ViewU8 edges) {
  const int w = dx_.width();
  const int h = dx_.height();
  const std::ptrdiff_t stride = w + 2;
  state_.resize(w + 2, h + 2);
  std::fill(state_.data(), state_.data() + stride * (h + 2), kNotEdge);
  stack_.clear();
  // tan(22.5 deg) and tan(67.5 deg): the gradient's direction rounded to one of four axes.
  constexpr float kTan22 = 0.41421356F;
  constexpr float kTan67 = 2.41421356F;
  for (int y = 0; y < h; ++y) {
    const std::int16_t* gx = dx_.view().row(y);
    const std::int16_t* gy = dy_.view().row(y);
    const float* mag = magnitude_.view().row(y + 1) + 1;
    std::uint8_t* state = state_.view().row(y + 1) + 1;
    for (int x = 0; x < w; ++x) {
      const float m = mag[x];
      if (m <= low) continue;
      const auto ax = static_cast<float>(std::abs(gx[x]));
      const auto ay = static_cast<float>(std::abs(gy[x]));
      // The neighbours across the edge; one side compares with >= so that a plateau two
      // pixels wide still yields one edge pixel rather than none.
      bool peak = false;
      if (ay <= kTan22 * ax) {
        peak = m > mag[x - 1] && m >= mag[x + 1];
      } else if (ay >= kTan67 * ax) {
        peak = m > mag[x - stride] && m >= mag[x + stride];
      } else {
        const std::ptrdiff_t across = (gx[x] < 0) == (gy[x] < 0) ? stride + 1 : stride - 1;
        peak = m > mag[x - across] && m > mag[x + across];
      }
      if (!peak) continue;
      if (m > high) {
        state[x] = kEdge;
        stack_.push_back(static_cast<std::int32_t>((y + 1) * stride + x + 1));
      } else {
        state[x] = kCandidate;
      }
    }
  }
  std::uint8_t* map = state_.data();
  const std::ptrdiff_t neighbours[8] = {-stride - 1, -stride, -stride + 1, -1, 1, stride - 1, stride, stride + 1};
  while (!stack_.empty()) {
    const std::ptrdiff_t i = stack_.back();
    stack_.pop_back();
    for (const std::ptrdiff_t d : neighbours) {
      if (map[i + d] == kCandidate) {
        map[i + d] = kEdge;
        stack_.push_back(static_cast<std::int32_t>(i + d));
      }
    }
  }
  for (int y = 0; y < h; ++y) {
    const std::uint8_t* state = state_.view().row(y + 1) + 1;
    std::uint8_t* out = edges.row(y);
    for (int x = 0; x < w; ++x) out[x] = state[x] == kEdge ? 255 : 0;
  }
}

}  // namespace pt
