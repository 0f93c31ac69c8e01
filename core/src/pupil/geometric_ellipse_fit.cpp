#include "pt/pupil/geometric_ellipse_fit.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <utility>

namespace pt {
namespace {

using Params = std::array<double, 5>;  // cx, cy, a, b, angle
constexpr int kMaxIterations = 10;
constexpr double kStep = 1e-4;        // relative finite-difference step for the Jacobian
constexpr double kConverged = 1e-6;   // relative decrease of the cost that ends the refinement

// Signed distance from `p` to the ellipse along the ray from its centre (outside positive).
double radial_residual(const Params& e, Point2f p) {
  const double dx = p.x - e[0];
  const double dy = p.y - e[1];
  const double c = std::cos(e[4]);
  const double s = std::sin(e[4]);
  const double u = dx * c + dy * s;
  const double v = -dx * s + dy * c;
  const double q = std::sqrt(u * u / (e[2] * e[2]) + v * v / (e[3] * e[3]));
  const double r = std::sqrt(dx * dx + dy * dy);
  return q > 0.0 ? r - r / q : -std::min(e[2], e[3]);
}

double cost(const Params& e, std::span<const Point2f> points) {
  double sum = 0.0;
  for (const Point2f& p : points) {
    const double d = radial_residual(e, p);
    sum += d * d;
  }
  return sum;
}

// Solves the 5 x 5 system m x = b by Gaussian elimination with partial pivoting.
std::optional<Params> solve(std::array<Params, 5> m, Params b) {
  for (std::size_t col = 0; col < 5; ++col) {
    std::size_t pivot = col;
    for (std::size_t row = col + 1; row < 5; ++row) {
      if (std::abs(m[row][col]) > std::abs(m[pivot][col])) pivot = row;
    }
    if (std::abs(m[pivot][col]) < 1e-12) return std::nullopt;
    std::swap(m[col], m[pivot]);
    std::swap(b[col], b[pivot]);
    for (std::size_t row = col + 1; row < 5; ++row) {
      const double f = m[row][col] / m[col][col];
      for (std::size_t k = col; k < 5; ++k) m[row][k] -= f * m[col][k];
      b[row] -= f * b[col];
    }
  }
  Params x{};
  for (std::size_t i = 5; i-- > 0;) {
    double acc = b[i];
    for (std::size_t k = i + 1; k < 5; ++k) acc -= m[i][k] * x[k];
    x[i] = acc / m[i][i];
  }
  return x;
}

}  // namespace

std::optional<Ellipse> refine_ellipse_geometric(std::span<const Point2f> points, const Ellipse& start) {
  if (points.size() < 5 || start.a <= 0.0F || start.b <= 0.0F) return std::nullopt;
  Params e{start.cx, start.cy, start.a, start.b, start.angle_rad};
  double current = cost(e, points);
  double damping = 1e-3;
  for (int it = 0; it < kMaxIterations; ++it) {
    // Normal equations of the residuals' linearisation, Jacobian by forward differences.
    std::array<Params, 5> jtj{};
    Params jtr{};
    const double scale = 0.5 * (e[2] + e[3]);
    const Params steps{kStep * scale, kStep * scale, kStep * scale, kStep * scale, kStep};
    for (const Point2f& p : points) {
      const double r0 = radial_residual(e, p);
      Params grad{};
      for (std::size_t k = 0; k < 5; ++k) {
        Params moved = e;
        moved[k] += steps[k];
        grad[k] = (radial_residual(moved, p) - r0) / steps[k];
      }
      for (std::size_t i = 0; i < 5; ++i) {
        jtr[i] += grad[i] * r0;
        for (std::size_t k = 0; k < 5; ++k) jtj[i][k] += grad[i] * grad[k];
      }
    }
    for (bool accepted = false; !accepted;) {
      std::array<Params, 5> damped = jtj;
      for (std::size_t i = 0; i < 5; ++i) damped[i][i] *= 1.0 + damping;
      Params minus_jtr{};
      for (std::size_t i = 0; i < 5; ++i) minus_jtr[i] = -jtr[i];
      const auto delta = solve(damped, minus_jtr);
      if (!delta) return std::nullopt;
      Params next = e;
      for (std::size_t i = 0; i < 5; ++i) next[i] += (*delta)[i];
      const double next_cost = next[2] > 0.0 && next[3] > 0.0 ? cost(next, points) : current * 2.0 + 1.0;
      if (next_cost < current) {
        const bool converged = current - next_cost < kConverged * current;
        e = next;
        current = next_cost;
        damping *= 0.1;
        accepted = true;
        if (converged) it = kMaxIterations;
      } else {
        damping *= 10.0;
        if (damping > 1e6) return std::nullopt;
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
  return out;
}

}  // namespace pt
