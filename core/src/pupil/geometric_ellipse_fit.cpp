#include "pt/pupil/geometric_ellipse_fit.hpp"

#include "pt/pupil/geometric_fit_math.hpp"

namespace pt {

std::optional<Ellipse> refine_ellipse_geometric(std::span<const Point2f> points, const Ellipse& start) {
  using geometric_math::Matrix;
  using geometric_math::Params;
  auto cost = [points](const Params& e) {
    const geometric_math::ResidualEllipse at = geometric_math::residual_ellipse(e);
    double sum = 0.0;
    for (const Point2f& p : points) {
      const double d = geometric_math::radial_residual(at, p);
      sum += d * d;
    }
    return sum;
  };
  auto normal_equations = [points](const Params& e, const Params& steps, Matrix& jtj, Params& jtr) {
    geometric_math::ResidualEllipse at[geometric_math::kGradientEllipses];
    for (int k = 0; k < geometric_math::kGradientEllipses; ++k) at[k] = geometric_math::gradient_ellipse(e, steps, k);
    for (const Point2f& p : points) {
      Params grad{};
      const double r0 = geometric_math::residual_gradient(at, steps, p, grad);
      for (std::size_t i = 0; i < 5; ++i) {
        jtr[i] += grad[i] * r0;
        for (std::size_t k = 0; k < 5; ++k) jtj[i][k] += grad[i] * grad[k];
      }
    }
  };
  const MaybeEllipse refined = geometric_math::refine(points.size(), start, cost, normal_equations);
  return refined.ok ? std::optional<Ellipse>(refined.ellipse) : std::nullopt;
}

}  // namespace pt
