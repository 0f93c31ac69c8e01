#include "pt/pupil/starburst.hpp"

#include <algorithm>
#include <cmath>

#include "pt/pupil/border_refinement.hpp"
#include "pt/pupil/border_sampling.hpp"
#include "pt/pupil/geometric_ellipse_fit.hpp"
#include "pt/pupil/geometric_fit_math.hpp"
#include "pt/pupil/ray_sampling.hpp"
#include "pt/reproducible_math.hpp"

namespace pt {

void cast_starburst_rays(CViewU8 image, CViewU8 reflections, Point2f seed, const StarburstParams& sp,
                         const RayCriterion& criterion, std::vector<Point2f>& first_stage,
                         std::vector<Point2f>& edges) {
  edges.clear();
  first_stage.clear();
  const int rays = std::max(1, sp.rays);
  for (int i = 0; i < rays; ++i) {
    if (auto e = find_border(image, reflections, seed, spread_angle(i, rays), 0.0F, criterion)) first_stage.push_back(*e);
  }
  const int back_rays = std::max(1, sp.second_stage_rays);
  const float half = back_half_angle(sp.second_stage_half_angle_deg);
  for (const Point2f& e : first_stage) {
    edges.push_back(e);
    const float toward = toward_seed(seed, e);
    for (int k = 0; k < back_rays; ++k) {
      const float ang = back_ray_angle(toward, half, k, back_rays);
      if (auto p = find_border(image, reflections, e, ang, kBackRayStart, criterion)) edges.push_back(*p);
    }
  }
}

const SearchOutcome& StarburstSearch::run(CViewU8 image, CViewU8 reflections, Point2f seed,
                                          const DetectorParams& params) {
  if (params.ransac.hypotheses != ransac_params_.hypotheses || params.ransac.seed != ransac_params_.seed ||
      params.ransac.inlier_px != ransac_params_.inlier_px) {
    ransac_ = RansacConicFitter(params.ransac);
    ransac_params_ = params.ransac;
  }
  const StarburstParams& sp = params.starburst;
  const ShapeLimits limits{sp.min_radius_px, sp.max_radius_px, sp.max_aspect};
  const DarkRegionCandidates grown = region_.grow(image, seed, sp.min_radius_px, sp.max_radius_px);
  if (!grown.any()) {
    search(image, reflections, seed, RayCriterion::steeper_than(sp.edge_threshold, 2.0F * sp.max_radius_px), params,
           limits);
    return outcome_;
  }
  search(image, reflections, grown.main().centroid, border_of(grown.main()), params, limits);
  // A lower border inside the first one found is the pupil's when that one is the iris around
  // it: then the grey does not rise once, within the blur, across its border, but twice.
  if (grown.after_wall && grown.earlier &&
      (!outcome_.fit || rises_in_two_steps(image, reflections, outcome_.fit->ellipse, params.smoothing.blur_reach_px()))) {
    search(image, reflections, grown.earlier->centroid, border_of(*grown.earlier), params, limits);
  }
  return outcome_;
}

void StarburstSearch::search(CViewU8 image, CViewU8 reflections, Point2f centre, const RayCriterion& criterion,
                             const DetectorParams& params, const ShapeLimits& limits) {
  const StarburstParams& sp = params.starburst;
  outcome_.fit.reset();
  outcome_.iterations = 0;
  for (int it = 0; it < std::max(1, sp.max_iterations); ++it) {
    ++outcome_.iterations;
    cast_starburst_rays(image, reflections, centre, sp, criterion, first_stage_, outcome_.edges);
    outcome_.fit = ransac_.fit(outcome_.edges, params.fit, limits, outcome_.inlier);
    if (!outcome_.fit) break;
    const Point2f next{outcome_.fit->ellipse.cx, outcome_.fit->ellipse.cy};
    const float moved = repro::hypot(next.x - centre.x, next.y - centre.y);
    centre = next;
    if (moved < sp.convergence_px || !inside_image(image, centre.x, centre.y)) break;
  }
  if (outcome_.fit) place_border(image, reflections, params, limits);
}

Ellipse StarburstSearch::nearest_geometrically(const Ellipse& algebraic, const RansacParams& ransac) {
  inliers_.clear();
  for (std::size_t i = 0; i < border_.size(); ++i) {
    if (border_inlier_[i] != 0) inliers_.push_back(border_[i]);
  }
  const auto g = refine_ellipse_geometric(inliers_, algebraic);
  return geometric_math::accept_refinement({g.has_value(), g.value_or(algebraic)}, algebraic, ransac.inlier_px);
}

void StarburstSearch::place_border(CViewU8 image, CViewU8 reflections, const DetectorParams& params,
                                   const ShapeLimits& limits) {
  const auto levels = measure_border_levels(image, reflections, outcome_.fit->ellipse, params.smoothing.blur_reach_px());
  if (!levels || levels->outside <= levels->inside) return;
  trace_isophote(image, reflections, outcome_.fit->ellipse, 0.5F * (levels->inside + levels->outside), kBorderRays,
                 border_);
  auto refined = ransac_.fit(border_, params.fit, limits, border_inlier_);
  if (!refined) return;
  if (params.fit == FitModel::Ellipse) refined->ellipse = nearest_geometrically(refined->ellipse, params.ransac);
  outcome_.fit = refined;
  outcome_.edges.swap(border_);
  outcome_.inlier.swap(border_inlier_);
}

}  // namespace pt
