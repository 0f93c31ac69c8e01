#pragma once
// The arithmetic of the geometric ellipse refinement (see geometric_ellipse_fit.hpp), inline and
// callable from CUDA device code as well as the host (PT_HOST_DEVICE). The Levenberg-Marquardt
// loop takes the two sums over the points (the cost and the normal equations) as functions, so
// that the GPU forms them in parallel while both run the same steps on the same numbers.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <numbers>
#include <utility>

#include "pt/geometry.hpp"
#include "pt/pupil/conic_fit_math.hpp"
#include "pt/reproducible_math.hpp"

namespace pt::geometric_math {

using Params = std::array<double, 5>;  // cx, cy, a, b, angle
using Matrix = std::array<Params, 5>;
constexpr int kMaxIterations = 10;
constexpr double kStep = 1e-4;       // relative finite-difference step for the Jacobian
constexpr double kConverged = 1e-6;  // relative decrease of the cost that ends the refinement

// An ellipse's parameters with what every point's residual takes from them alone (the angle's
// cosine and sine, the squared semi-axes), worked out once for all the points rather than once
// a point: the cosine and sine are most of a residual's arithmetic. No member initialisers, so
// that device code can keep the six of a gradient in shared memory.
struct ResidualEllipse {
  double cx;
  double cy;
  double cos;
  double sin;
  double a_squared;
  double b_squared;
  double inside;  // the residual of the centre itself
};

PT_HOST_DEVICE inline ResidualEllipse residual_ellipse(const Params& e) {
  return {e[0], e[1], repro::cos(e[4]), repro::sin(e[4]), e[2] * e[2], e[3] * e[3], -std::min(e[2], e[3])};
}

// Signed distance from `p` to the ellipse along the ray from its centre (outside positive).
PT_HOST_DEVICE inline double radial_residual(const ResidualEllipse& e, Point2f p) {
  const double dx = p.x - e.cx;
  const double dy = p.y - e.cy;
  const double u = dx * e.cos + dy * e.sin;
  const double v = -dx * e.sin + dy * e.cos;
  const double q = std::sqrt(u * u / e.a_squared + v * v / e.b_squared);
  const double r = std::sqrt(dx * dx + dy * dy);
  return q > 0.0 ? r - r / q : e.inside;
}

// The finite-difference steps of the Jacobian at `e`.
PT_HOST_DEVICE inline Params jacobian_steps(const Params& e) {
  const double scale = 0.5 * (e[2] + e[3]);
  return {kStep * scale, kStep * scale, kStep * scale, kStep * scale, kStep};
}

// The residual_ellipse of `e` (k = 0) or of `e` moved along parameter k - 1 by its step: the six
// ellipses whose residuals give a point's residual and its gradient by forward differences.
constexpr int kGradientEllipses = 6;
PT_HOST_DEVICE inline ResidualEllipse gradient_ellipse(const Params& e, const Params& steps, int k) {
  Params moved = e;
  if (k > 0) moved[static_cast<std::size_t>(k - 1)] += steps[static_cast<std::size_t>(k - 1)];
  return residual_ellipse(moved);
}

// One point's residual, returned, and its gradient, from the six gradient_ellipse of e.
PT_HOST_DEVICE inline double residual_gradient(const ResidualEllipse (&at)[kGradientEllipses], const Params& steps,
                                               Point2f p, Params& grad) {
  const double r0 = radial_residual(at[0], p);
  for (std::size_t k = 0; k < 5; ++k) grad[k] = (radial_residual(at[k + 1], p) - r0) / steps[k];
  return r0;
}

// Solves the 5 x 5 system m x = b by Gaussian elimination with partial pivoting; false when
// singular.
PT_HOST_DEVICE inline bool solve(Matrix m, Params b, Params& x) {
  for (std::size_t col = 0; col < 5; ++col) {
    std::size_t pivot = col;
    for (std::size_t row = col + 1; row < 5; ++row) {
      if (std::abs(m[row][col]) > std::abs(m[pivot][col])) pivot = row;
    }
    if (std::abs(m[pivot][col]) < 1e-12) return false;
    std::swap(m[col], m[pivot]);
    std::swap(b[col], b[pivot]);
    for (std::size_t row = col + 1; row < 5; ++row) {
      const double f = m[row][col] / m[col][col];
      for (std::size_t k = col; k < 5; ++k) m[row][k] -= f * m[col][k];
      b[row] -= f * b[col];
    }
  }
  x = Params{};
  for (std::size_t i = 5; i-- > 0;) {
    double acc = b[i];
    for (std::size_t k = i + 1; k < 5; ++k) acc -= m[i][k] * x[k];
    x[i] = acc / m[i][i];
  }
  return true;
}

// Levenberg-Marquardt from `start` over `count` points. cost(e) returns the sum of the squared
// residuals at e; normal_equations(e, steps, jtj, jtr) forms J^T J and J^T r (accumulated over
// the points in their order, from residual_gradient). Nothing when fewer than five points are
// given or the refinement degenerates.
template <class Cost, class NormalEquations>
PT_HOST_DEVICE MaybeEllipse refine(std::size_t count, const Ellipse& start, Cost&& cost,
                                   NormalEquations&& normal_equations) {
  if (count < 5 || start.a <= 0.0F || start.b <= 0.0F) return {};
  Params e{start.cx, start.cy, start.a, start.b, start.angle_rad};
  double current = cost(e);
  double damping = 1e-3;
  for (int it = 0; it < kMaxIterations; ++it) {
    Matrix jtj{};
    Params jtr{};
    normal_equations(e, jacobian_steps(e), jtj, jtr);
    for (bool accepted = false; !accepted;) {
      Matrix damped = jtj;
      for (std::size_t i = 0; i < 5; ++i) damped[i][i] *= 1.0 + damping;
      Params minus_jtr{};
      for (std::size_t i = 0; i < 5; ++i) minus_jtr[i] = -jtr[i];
      Params delta{};
      if (!solve(damped, minus_jtr, delta)) return {};
      Params next = e;
      for (std::size_t i = 0; i < 5; ++i) next[i] += delta[i];
      const double next_cost = next[2] > 0.0 && next[3] > 0.0 ? cost(next) : current * 2.0 + 1.0;
      if (next_cost < current) {
        const bool converged = current - next_cost < kConverged * current;
        e = next;
        current = next_cost;
        damping *= 0.1;
        accepted = true;
        if (converged) it = kMaxIterations;
      } else {
        damping *= 10.0;
        if (damping > 1e6) return {};
      }
    }
  }
  Ellipse out{static_cast<float>(e[0]), static_cast<float>(e[1]), static_cast<float>(e[2]), static_cast<float>(e[3]),
              static_cast<float>(e[4])};
  if (out.a < out.b) {  // keep a >= b, as the fits do
    std::swap(out.a, out.b);
    out.angle_rad += std::numbers::pi_v<float> / 2.0F;
  }
  out.angle_rad = std::remainder(out.angle_rad, std::numbers::pi_v<float>);
  return {true, out};
}

// The Starburst search's use of the refinement: a result farther from the algebraic fit than
// the inliers' band (centre, or either semi-axis) is a degenerate solution, and the algebraic
// fit stands.
PT_HOST_DEVICE inline Ellipse accept_refinement(const MaybeEllipse& refined, const Ellipse& algebraic,
                                                float inlier_px) {
  const Ellipse& g = refined.ellipse;
  if (!refined.ok || repro::hypot(g.cx - algebraic.cx, g.cy - algebraic.cy) > inlier_px ||
      std::abs(g.a - algebraic.a) > inlier_px || std::abs(g.b - algebraic.b) > inlier_px) {
    return algebraic;
  }
  return g;
}

}  // namespace pt::geometric_math
