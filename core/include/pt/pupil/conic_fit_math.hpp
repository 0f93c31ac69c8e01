#pragma once
// The arithmetic of the conic fits, inline and callable from CUDA device code as well as the
// host (PT_HOST_DEVICE), so that the GPU search fits with the very operations the CPU does and
// rounds the same way. Results are plain values (device code has no std::optional).
#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <numbers>
#include <span>
#include <utility>

#include "pt/geometry.hpp"
#include "pt/pupil/detector_params.hpp"
#include "pt/reproducible_math.hpp"

namespace pt {

struct MaybeEllipse {
  bool ok = false;
  Ellipse ellipse;
};

namespace conic_math {

using Vec3 = std::array<double, 3>;
using Mat3 = std::array<Vec3, 3>;

PT_HOST_DEVICE inline Vec3 cross(const Vec3& a, const Vec3& b) {
  return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}

PT_HOST_DEVICE inline double norm2(const Vec3& v) { return v[0] * v[0] + v[1] * v[1] + v[2] * v[2]; }

// False when `m` is singular (or not finite).
PT_HOST_DEVICE inline bool invert(const Mat3& m, Mat3& inv) {
  const Vec3 c0 = cross(m[1], m[2]);
  const double det = m[0][0] * c0[0] + m[0][1] * c0[1] + m[0][2] * c0[2];
  if (!std::isfinite(det) || std::abs(det) < 1e-300) return false;
  const Vec3 c1 = cross(m[2], m[0]);
  const Vec3 c2 = cross(m[0], m[1]);
  for (std::size_t i = 0; i < 3; ++i) inv[i] = {c0[i] / det, c1[i] / det, c2[i] / det};
  return true;
}

// Real roots of x^3 + a x^2 + b x + c.
PT_HOST_DEVICE inline int cubic_roots(double a, double b, double c, std::array<double, 3>& roots) {
  const double q = (a * a - 3.0 * b) / 9.0;
  const double r = (2.0 * a * a * a - 9.0 * a * b + 27.0 * c) / 54.0;
  const double q3 = q * q * q;
  if (r * r < q3) {
    const double t = repro::acos(std::clamp(r / std::sqrt(q3), -1.0, 1.0));
    const double s = -2.0 * std::sqrt(q);
    roots = {s * repro::cos(t / 3.0) - a / 3.0, s * repro::cos((t + 2.0 * std::numbers::pi) / 3.0) - a / 3.0,
             s * repro::cos((t - 2.0 * std::numbers::pi) / 3.0) - a / 3.0};
    return 3;
  }
  const double big_a = -std::copysign(repro::cbrt(std::abs(r) + std::sqrt(r * r - q3)), r);
  const double big_b = big_a == 0.0 ? 0.0 : q / big_a;
  roots[0] = big_a + big_b - a / 3.0;
  return 1;
}

// Conic A x^2 + B xy + C y^2 + D x + E y + F = 0 to centre, semi-axes and angle.
PT_HOST_DEVICE inline MaybeEllipse conic_to_ellipse(const std::array<double, 6>& k) {
  const auto [A, B, C, D, E, F] = k;
  const double det = 4.0 * A * C - B * B;
  if (!(det > 0.0)) return {};
  const double x0 = (B * E - 2.0 * C * D) / det;
  const double y0 = (B * D - 2.0 * A * E) / det;
  const double f0 = A * x0 * x0 + B * x0 * y0 + C * y0 * y0 + D * x0 + E * y0 + F;
  const double tr = A + C;
  const double disc = std::sqrt((A - C) * (A - C) + B * B);
  const double l1 = 0.5 * (tr - disc);  // smaller eigenvalue: the major axis
  const double l2 = 0.5 * (tr + disc);
  double s1 = -f0 / l1;
  double s2 = -f0 / l2;
  if (!(s1 > 0.0 && s2 > 0.0) || !std::isfinite(s1) || !std::isfinite(s2)) return {};
  // Eigenvector of [[A, B/2], [B/2, C]] for l1.
  double angle = 0.0;
  if (std::abs(B) > 1e-12 * (std::abs(A) + std::abs(C))) {
    angle = repro::atan2(l1 - A, B / 2.0);
  } else {
    angle = A <= C ? 0.0 : std::numbers::pi / 2.0;
  }
  // With f0 > 0 both eigenvalues are negative and the smaller one gives the minor axis.
  if (s1 < s2) {
    std::swap(s1, s2);
    angle += std::numbers::pi / 2.0;
  }
  return {true, Ellipse{static_cast<float>(x0), static_cast<float>(y0), static_cast<float>(std::sqrt(s1)),
                        static_cast<float>(std::sqrt(s2)), static_cast<float>(angle)}};
}

// Centring and scaling of the points to unit mean distance, which keeps the moments of the fits
// well conditioned whatever the image coordinates. Formed in three steps (the mean, each point's
// distance from it, the scale from their sum) so that the GPU can take the middle one in
// parallel.
struct Normaliser {
  double mx = 0.0;
  double my = 0.0;
  double scale = 1.0;
};

PT_HOST_DEVICE inline double distance_from_mean(Point2f p, const Normaliser& n) { return repro::hypot(p.x - n.mx, p.y - n.my); }

PT_HOST_DEVICE inline double scale_for(double spread_sum, std::size_t count) {
  const double spread = spread_sum / static_cast<double>(count);
  return spread > 0.0 ? 1.0 / spread : 1.0;
}

PT_HOST_DEVICE inline Normaliser normaliser_for(std::span<const Point2f> pts) {
  Normaliser n;
  for (const auto& p : pts) {
    n.mx += p.x;
    n.my += p.y;
  }
  n.mx /= static_cast<double>(pts.size());
  n.my /= static_cast<double>(pts.size());
  double spread = 0.0;
  for (const auto& p : pts) spread += distance_from_mean(p, n);
  n.scale = scale_for(spread, pts.size());
  return n;
}

// The normalised coordinates of a point.
PT_HOST_DEVICE inline void normalise(Point2f p, const Normaliser& nm, double& x, double& y) {
  x = (p.x - nm.mx) * nm.scale;
  y = (p.y - nm.my) * nm.scale;
}

// Taubin's circle fit works on the moments of x, y and z = x^2 + y^2 (normalised): their sums,
// in the order of kCircleMoments.
constexpr int kCircleMoments = 6;  // xx, yy, xy, xz, yz, zz
using CircleMoments = std::array<double, kCircleMoments>;

PT_HOST_DEVICE inline CircleMoments circle_terms(Point2f p, const Normaliser& nm) {
  double x = 0.0;
  double y = 0.0;
  normalise(p, nm, x, y);
  const double z = x * x + y * y;
  return {x * x, y * y, x * y, x * z, y * z, z * z};
}

// The circle from the sums of the terms over `count` points; nothing for collinear points.
PT_HOST_DEVICE inline MaybeEllipse circle_from_moments(CircleMoments sums, std::size_t count, const Normaliser& nm) {
  auto& [mxx, myy, mxy, mxz, myz, mzz] = sums;
  const double n = static_cast<double>(count);
  mxx /= n, myy /= n, mxy /= n, mxz /= n, myz /= n, mzz /= n;
  const double mz = mxx + myy;
  const double cov_xy = mxx * myy - mxy * mxy;
  const double var_z = mzz - mz * mz;
  const double a3 = 4.0 * mz;
  const double a2 = -3.0 * mz * mz - mzz;
  const double a1 = var_z * mz + 4.0 * cov_xy * mz - mxz * mxz - myz * myz;
  const double a0 = mxz * (mxz * myy - myz * mxy) + myz * (myz * mxx - mxz * mxy) - var_z * cov_xy;
  // Newton's method on the characteristic polynomial from x = 0 converges to the root that
  // Taubin's constraint selects.
  double x = 0.0;
  double y = a0;
  for (int i = 0; i < 99; ++i) {
    const double dy = a1 + x * (2.0 * a2 + 3.0 * a3 * x);
    const double x_new = x - y / dy;
    if (x_new == x || !std::isfinite(x_new)) break;
    const double y_new = a0 + x_new * (a1 + x_new * (a2 + x_new * a3));
    if (std::abs(y_new) >= std::abs(y)) break;
    x = x_new;
    y = y_new;
  }
  const double det = x * x - x * mz + cov_xy;
  if (!std::isfinite(det) || std::abs(det) < 1e-12) return {};
  const double cx = (mxz * (myy - x) - myz * mxy) / det / 2.0;
  const double cy = (myz * (mxx - x) - mxz * mxy) / det / 2.0;
  const double r = std::sqrt(cx * cx + cy * cy + mz);
  if (!std::isfinite(r) || r <= 0.0) return {};
  const auto radius = static_cast<float>(r / nm.scale);
  return {true, Ellipse{static_cast<float>(cx / nm.scale + nm.mx), static_cast<float>(cy / nm.scale + nm.my), radius,
                        radius, 0.0F}};
}

// Taubin's algebraic circle fit; nothing for fewer than 3 points or collinear points.
PT_HOST_DEVICE inline MaybeEllipse circle_taubin(std::span<const Point2f> points) {
  if (points.size() < 3) return {};
  const Normaliser nm = normaliser_for(points);
  CircleMoments sums{};
  for (const auto& p : points) {
    const CircleMoments t = circle_terms(p, nm);
    for (std::size_t k = 0; k < sums.size(); ++k) sums[k] += t[k];
  }
  return circle_from_moments(sums, points.size(), nm);
}

// The direct ellipse fit works on the scatter matrices S1 = D1^T D1, S2 = D1^T D2, S3 = D2^T D2
// of the design rows d1 = (x^2, xy, y^2), d2 = (x, y, 1) (normalised): their sums.
struct EllipseMoments {
  Mat3 s1{};
  Mat3 s2{};
  Mat3 s3{};
};

PT_HOST_DEVICE inline void ellipse_design(Point2f p, const Normaliser& nm, Vec3& d1, Vec3& d2) {
  double x = 0.0;
  double y = 0.0;
  normalise(p, nm, x, y);
  d1 = {x * x, x * y, y * y};
  d2 = {x, y, 1.0};
}

// Entry (i, j) of scatter matrix `which` (0: S1, 1: S2, 2: S3) for one point's design rows.
PT_HOST_DEVICE inline double scatter_term(int which, std::size_t i, std::size_t j, const Vec3& d1, const Vec3& d2) {
  return which == 0 ? d1[i] * d1[j] : which == 1 ? d1[i] * d2[j] : d2[i] * d2[j];
}

// The ellipse from the summed scatter matrices; nothing when no ellipse fits.
PT_HOST_DEVICE inline MaybeEllipse ellipse_from_moments(const EllipseMoments& sums, const Normaliser& nm) {
  const Mat3& s1 = sums.s1;
  const Mat3& s2 = sums.s2;
  const Mat3& s3 = sums.s3;
  Mat3 s3_inv{};
  if (!invert(s3, s3_inv)) return {};
  // T = -S3^-1 S2^T gives the linear part from the quadratic part; M = S1 + S2 T.
  Mat3 t{};
  for (std::size_t i = 0; i < 3; ++i) {
    for (std::size_t j = 0; j < 3; ++j) {
      double acc = 0.0;
      for (std::size_t k = 0; k < 3; ++k) acc += s3_inv[i][k] * s2[j][k];
      t[i][j] = -acc;
    }
  }
  Mat3 m{};
  for (std::size_t i = 0; i < 3; ++i) {
    for (std::size_t j = 0; j < 3; ++j) {
      double acc = s1[i][j];
      for (std::size_t k = 0; k < 3; ++k) acc += s2[i][k] * t[k][j];
      m[i][j] = acc;
    }
  }
  // Premultiply by the inverse of the constraint matrix [[0,0,2],[0,-1,0],[2,0,0]].
  const Mat3 mc{Vec3{m[2][0] / 2.0, m[2][1] / 2.0, m[2][2] / 2.0}, Vec3{-m[1][0], -m[1][1], -m[1][2]},
                Vec3{m[0][0] / 2.0, m[0][1] / 2.0, m[0][2] / 2.0}};
  const double tr = mc[0][0] + mc[1][1] + mc[2][2];
  const double minors = mc[0][0] * mc[1][1] - mc[0][1] * mc[1][0] + mc[0][0] * mc[2][2] - mc[0][2] * mc[2][0] +
                        mc[1][1] * mc[2][2] - mc[1][2] * mc[2][1];
  const double det = mc[0][0] * (mc[1][1] * mc[2][2] - mc[1][2] * mc[2][1]) -
                     mc[0][1] * (mc[1][0] * mc[2][2] - mc[1][2] * mc[2][0]) +
                     mc[0][2] * (mc[1][0] * mc[2][1] - mc[1][1] * mc[2][0]);
  std::array<double, 3> lambdas{};
  const int nroots = cubic_roots(-tr, minors, -det, lambdas);
  bool found = false;
  Vec3 best{};
  double best_constraint = 0.0;
  for (int r = 0; r < nroots; ++r) {
    const double l = lambdas[static_cast<std::size_t>(r)];
    const Vec3 r0{mc[0][0] - l, mc[0][1], mc[0][2]};
    const Vec3 r1{mc[1][0], mc[1][1] - l, mc[1][2]};
    const Vec3 r2{mc[2][0], mc[2][1], mc[2][2] - l};
    // The null vector is the largest cross product of two rows of (M - l I).
    Vec3 v = cross(r0, r1);
    const Vec3 v02 = cross(r0, r2);
    if (norm2(v02) > norm2(v)) v = v02;
    const Vec3 v12 = cross(r1, r2);
    if (norm2(v12) > norm2(v)) v = v12;
    const double len = std::sqrt(norm2(v));
    if (!(len > 0.0)) continue;
    for (double& e : v) e /= len;
    const double constraint = 4.0 * v[0] * v[2] - v[1] * v[1];
    if (constraint > best_constraint) {
      best_constraint = constraint;
      best = v;
      found = true;
    }
  }
  if (!found) return {};
  const Vec3& a = best;
  Vec3 lin{};
  for (std::size_t i = 0; i < 3; ++i) lin[i] = t[i][0] * a[0] + t[i][1] * a[1] + t[i][2] * a[2];
  MaybeEllipse e = conic_to_ellipse({a[0], a[1], a[2], lin[0], lin[1], lin[2]});
  if (!e.ok) return {};
  const auto inv_scale = static_cast<float>(1.0 / nm.scale);
  e.ellipse.cx = e.ellipse.cx * inv_scale + static_cast<float>(nm.mx);
  e.ellipse.cy = e.ellipse.cy * inv_scale + static_cast<float>(nm.my);
  e.ellipse.a *= inv_scale;
  e.ellipse.b *= inv_scale;
  return e;
}

// The direct ellipse-specific fit (Fitzgibbon; Halir and Flusser's stable form); nothing for
// fewer than 5 points or when no ellipse fits (degenerate conic).
PT_HOST_DEVICE inline MaybeEllipse ellipse_direct(std::span<const Point2f> points) {
  if (points.size() < 5) return {};
  const Normaliser nm = normaliser_for(points);
  EllipseMoments sums;
  for (const auto& p : points) {
    Vec3 d1{};
    Vec3 d2{};
    ellipse_design(p, nm, d1, d2);
    for (std::size_t i = 0; i < 3; ++i) {
      for (std::size_t j = 0; j < 3; ++j) {
        sums.s1[i][j] += scatter_term(0, i, j, d1, d2);
        sums.s2[i][j] += scatter_term(1, i, j, d1, d2);
        sums.s3[i][j] += scatter_term(2, i, j, d1, d2);
      }
    }
  }
  return ellipse_from_moments(sums, nm);
}

// The smallest number of points each model's fit takes.
PT_HOST_DEVICE inline std::size_t minimum_points(FitModel model) { return model == FitModel::Circle ? 3 : 5; }

// The least-squares fit of one model: Taubin circle or direct ellipse.
PT_HOST_DEVICE inline MaybeEllipse fit_conic(std::span<const Point2f> points, FitModel model) {
  return model == FitModel::Circle ? circle_taubin(points) : ellipse_direct(points);
}

}  // namespace conic_math

// Distance from a point to the ellipse measured along the ray from its centre: close to the
// true geometric distance for the near-circular shapes of pupils, and cheap enough to vote
// with. The rotation is prepared once per ellipse, since votes test many points against one;
// repro::cos and repro::sin give the device the host's rotation, so that both count the same votes.
class RadialDistance {
 public:
  PT_HOST_DEVICE explicit RadialDistance(const Ellipse& e) noexcept
      : e_(e), cos_(repro::cos(e.angle_rad)), sin_(repro::sin(e.angle_rad)), inv_a2_(1.0F / (e.a * e.a)),
        inv_b2_(1.0F / (e.b * e.b)) {}

  [[nodiscard]] PT_HOST_DEVICE float operator()(Point2f p) const noexcept {
    const float dx = p.x - e_.cx;
    const float dy = p.y - e_.cy;
    const float u = dx * cos_ + dy * sin_;
    const float v = -dx * sin_ + dy * cos_;
    const float r2 = u * u + v * v;
    const float q2 = u * u * inv_a2_ + v * v * inv_b2_;
    if (q2 <= 0.0F) return std::min(e_.a, e_.b);
    // |r - r/q| with r = sqrt(r2), q = sqrt(q2)
    const float r = std::sqrt(r2);
    return std::abs(r - r / std::sqrt(q2));
  }

  [[nodiscard]] PT_HOST_DEVICE const Ellipse& ellipse() const noexcept { return e_; }

 private:
  Ellipse e_;
  float cos_ = 1.0F;
  float sin_ = 0.0F;
  float inv_a2_ = 0.0F;
  float inv_b2_ = 0.0F;
};

}  // namespace pt
