#include "ellipse_shape.hpp"

#include <algorithm>
#include <cmath>

namespace pt::synthetic {
namespace {

// Roots of a x^2 + b x + c = 0 as an interval; empty when there is none.
RealSpan quadratic_roots(double a, double b, double c) noexcept {
  const double disc = b * b - 4.0 * a * c;
  if (disc < 0.0) return {};
  const double s = std::sqrt(disc);
  return {(-b - s) / (2.0 * a), (-b + s) / (2.0 * a)};
}

}  // namespace

EllipseShape::EllipseShape(double cx, double cy, double a, double b, double angle_rad) noexcept
    : cx_(cx), cy_(cy), a_(a), b_(b), cos_(std::cos(angle_rad)), sin_(std::sin(angle_rad)) {
  const double ia2 = 1.0 / (a * a);
  const double ib2 = 1.0 / (b * b);
  qa_ = cos_ * cos_ * ia2 + sin_ * sin_ * ib2;
  qb_ = 2.0 * cos_ * sin_ * (ia2 - ib2);
  qc_ = sin_ * sin_ * ia2 + cos_ * cos_ * ib2;
}

RealSpan EllipseShape::row_interval(double y) const noexcept {
  const double dy = y - cy_;
  RealSpan r = quadratic_roots(qa_, qb_ * dy, qc_ * dy * dy - 1.0);
  if (!r.empty()) {
    r.x0 += cx_;
    r.x1 += cx_;
  }
  return r;
}

RealSpan EllipseShape::column_interval(double x) const noexcept {
  const double dx = x - cx_;
  RealSpan r = quadratic_roots(qc_, qb_ * dx, qa_ * dx * dx - 1.0);
  if (!r.empty()) {
    r.x0 += cy_;
    r.x1 += cy_;
  }
  return r;
}

double EllipseShape::signed_distance(double x, double y) const noexcept {
  const double dx = x - cx_;
  const double dy = y - cy_;
  const double u = (dx * cos_ + dy * sin_) / a_;
  const double v = (-dx * sin_ + dy * cos_) / b_;
  // G = sqrt(u^2 + v^2) - 1 over its gradient's length: first order in the distance, and exact
  // for a circle at any distance.
  const double q = std::sqrt(u * u + v * v);
  const double gu = u / a_;
  const double gv = v / b_;
  const double grad = std::sqrt(gu * gu + gv * gv);
  if (grad <= 0.0) return -std::min(a_, b_);
  return (q - 1.0) * q / grad;
}

}  // namespace pt::synthetic
