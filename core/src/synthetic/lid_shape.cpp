#include "lid_shape.hpp"

#include <algorithm>
#include <cmath>

namespace pt::synthetic {
namespace {

double ramp(double signed_distance) noexcept {
  return std::clamp(signed_distance / kLidEdgeWidth + 0.5, 0.0, 1.0);
}

// Narrows [lo, hi] to the p satisfying a * p >= b; false when none does.
bool restrict_linear(double a, double b, double& lo, double& hi) noexcept {
  if (a > 0.0) {
    lo = std::max(lo, b / a);
  } else if (a < 0.0) {
    hi = std::min(hi, b / a);
  } else if (b > 0.0) {
    return false;
  }
  return lo <= hi;
}

void push_clipped(RowSpans& spans, int x0, int x1, int clip_x0, int clip_x1) noexcept {
  x0 = std::max(x0, clip_x0);
  x1 = std::min(x1, clip_x1);
  if (x0 <= x1) spans.span[static_cast<std::size_t>(spans.count++)] = {x0, x1};
}

}  // namespace

double LidShape::coverage(double x, double y) const noexcept {
  const double t = (x - centre_x) / half_width;
  const double p = 1.0 - t * t;
  const double dp_dx = -2.0 * t / half_width;
  const double dy = y - centre_y;
  // Vertical distance over the gradient's length: the distance to the curve, to first order.
  const double upper_slope = upper * dp_dx;
  const double lower_slope = lower * dp_dx;
  const double d_upper = (dy + upper * p) / std::sqrt(1.0 + upper_slope * upper_slope);
  const double d_lower = (lower * p - dy) / std::sqrt(1.0 + lower_slope * lower_slope);
  return std::max(0.0, ramp(d_upper) + ramp(d_lower) - 1.0);
}

double LidShape::edge_margin() const noexcept {
  // The steepest slope of either lid is at the canthi: 2 * height / half_width.
  const double steepest = 2.0 * std::max(std::abs(upper), std::abs(lower)) / half_width;
  return 0.5 * kLidEdgeWidth * std::sqrt(1.0 + steepest * steepest);
}

RowSpans LidShape::row_spans(int y, double margin, int clip_x0, int clip_x1) const noexcept {
  const double dy = y - centre_y;
  double p_lo = 0.0;
  double p_hi = 1.0;
  // Inside the upper lid by `margin`: dy + upper * p >= margin; inside the lower: lower * p - dy >= margin.
  if (!restrict_linear(upper, margin - dy, p_lo, p_hi) || !restrict_linear(lower, margin + dy, p_lo, p_hi)) {
    return {};
  }
  // p = 1 - ((x - centre_x) / half_width)^2, so p in [p_lo, p_hi] is |x - centre_x| in [near, far].
  const double near = half_width * std::sqrt(std::max(0.0, 1.0 - p_hi));
  const double far = half_width * std::sqrt(std::max(0.0, 1.0 - p_lo));
  const int left0 = static_cast<int>(std::ceil(centre_x - far));
  const int left1 = static_cast<int>(std::floor(centre_x - near));
  const int right0 = static_cast<int>(std::ceil(centre_x + near));
  const int right1 = static_cast<int>(std::floor(centre_x + far));
  RowSpans spans;
  if (left1 + 1 >= right0) {
    push_clipped(spans, left0, right1, clip_x0, clip_x1);
  } else {
    push_clipped(spans, left0, left1, clip_x0, clip_x1);
    push_clipped(spans, right0, right1, clip_x0, clip_x1);
  }
  return spans;
}

}  // namespace pt::synthetic
