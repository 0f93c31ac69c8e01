#include "pt/pupil/starburst.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <numbers>

#include "pt/pupil/border_refinement.hpp"
#include "pt/pupil/geometric_ellipse_fit.hpp"
#include "pt/pupil/ray_sampling.hpp"

namespace pt {
namespace {

constexpr int kPeakLookahead = 4;  // samples past the threshold crossing searched for the peak
// Rays that place the final border: enough that each covers a few pixels of even a large
// pupil's circumference, few enough to cost little next to the preprocessing.
constexpr int kBorderRays = 64;
// A single border's grey rises within its blur; across an iris and the pupil's border inside it,
// over the iris's width, many times that.
constexpr float kTwoStepBlurs = 2.0F;

// Walks a ray one pixel at a time from `start` to `max_len` and hands every step between two
// samples that are both clear of reflections to on_step(t, value at t - 1, value at t), which
// returns the border once it sees it. Leaving the image ends the walk empty-handed.
template <class OnStep>
std::optional<Point2f> walk_ray(CViewU8 image, CViewU8 reflections, Point2f origin, float dx, float dy, float start,
                                float max_len, OnStep&& on_step) {
  if (image.width < 2 || image.height < 2) return std::nullopt;
  auto at = [&](float t) { return Point2f{origin.x + t * dx, origin.y + t * dy}; };
  Point2f p = at(start);
  if (!inside_image(image, p.x, p.y)) return std::nullopt;
  float prev = sample_bilinear(image, p.x, p.y);
  bool prev_reflection = marked(reflections, p.x, p.y);
  for (float t = start + 1.0F; t <= max_len; t += 1.0F) {
    p = at(t);
    if (!inside_image(image, p.x, p.y)) return std::nullopt;
    const float cur = sample_bilinear(image, p.x, p.y);
    const bool cur_reflection = marked(reflections, p.x, p.y);
    if (!cur_reflection && !prev_reflection) {
      if (auto border = on_step(t, prev, cur)) return border;
    }
    prev = cur;
    prev_reflection = cur_reflection;
  }
  return std::nullopt;
}

}  // namespace

std::optional<Point2f> find_edge_along_ray(CViewU8 image, CViewU8 reflections, Point2f origin, float dx, float dy,
                                           float start, float max_len, float threshold) {
  auto at = [&](float t) { return Point2f{origin.x + t * dx, origin.y + t * dy}; };
  return walk_ray(image, reflections, origin, dx, dy, start, max_len,
                  [&](float t, float prev, float cur) -> std::optional<Point2f> {
    const float g = cur - prev;
    if (g <= threshold) return std::nullopt;
    // The crossing sits on the rising flank; the edge is where the gradient peaks. grad[i]
    // is the step into sample t-1+i, so it belongs to position t - 1.5 + i.
    std::array<float, kPeakLookahead + 2> grad{};
    const Point2f before = at(t - 2.0F);
    grad[0] = (t - 2.0F >= start && inside_image(image, before.x, before.y))
                  ? prev - sample_bilinear(image, before.x, before.y)
                  : g;
    grad[1] = g;
    std::size_t n = 2;
    float last = cur;
    for (int k = 1; k <= kPeakLookahead; ++k) {
      const Point2f q = at(t + static_cast<float>(k));
      if (!inside_image(image, q.x, q.y) || marked(reflections, q.x, q.y)) break;
      const float v = sample_bilinear(image, q.x, q.y);
      grad[n++] = v - last;
      last = v;
      if (grad[n - 1] <= grad[n - 2]) break;
    }
    std::size_t m = 1;
    for (std::size_t i = 2; i < n; ++i) m = grad[i] > grad[m] ? i : m;
    const float gl = grad[m - 1];
    const float gc = grad[m];
    const float gr = m + 1 < n ? grad[m + 1] : gc;
    const float denom = gl - 2.0F * gc + gr;
    const float offset = denom < 0.0F ? std::clamp(0.5F * (gl - gr) / denom, -0.5F, 0.5F) : 0.0F;
    return at(t + static_cast<float>(m) - 1.5F + offset);
  });
}

std::optional<Point2f> find_level_crossing_along_ray(CViewU8 image, CViewU8 reflections, Point2f origin, float dx,
                                                     float dy, float start, float max_len, float level) {
  return walk_ray(image, reflections, origin, dx, dy, start, max_len,
                  [&](float t, float prev, float cur) -> std::optional<Point2f> {
    if (prev >= level || cur < level) return std::nullopt;
    const float u = t - 1.0F + (level - prev) / (cur - prev);
    return Point2f{origin.x + u * dx, origin.y + u * dy};
  });
}

std::optional<Point2f> StarburstSearch::find_border(CViewU8 image, CViewU8 reflections, Point2f origin, float angle,
                                                    float start, const RayCriterion& criterion) {
  const float dx = std::cos(angle);
  const float dy = std::sin(angle);
  if (criterion.level) {
    return find_level_crossing_along_ray(image, reflections, origin, dx, dy, start, criterion.reach, *criterion.level);
  }
  return find_edge_along_ray(image, reflections, origin, dx, dy, start, criterion.reach, criterion.gradient);
}

void StarburstSearch::cast_rays(CViewU8 image, CViewU8 reflections, Point2f seed, const DetectorParams& params,
                                const RayCriterion& criterion) {
  const StarburstParams& sp = params.starburst;
  outcome_.edges.clear();
  first_stage_.clear();
  const int rays = std::max(1, sp.rays);
  for (int i = 0; i < rays; ++i) {
    const float ang = 2.0F * std::numbers::pi_v<float> * static_cast<float>(i) / static_cast<float>(rays);
    if (auto e = find_border(image, reflections, seed, ang, 0.0F, criterion)) first_stage_.push_back(*e);
  }
  const int back_rays = std::max(1, sp.second_stage_rays);
  const float half = sp.second_stage_half_angle_deg * std::numbers::pi_v<float> / 180.0F;
  for (const Point2f& e : first_stage_) {
    outcome_.edges.push_back(e);
    const float toward_seed = std::atan2(seed.y - e.y, seed.x - e.x);
    for (int k = 0; k < back_rays; ++k) {
      const float frac = back_rays == 1 ? 0.5F : static_cast<float>(k) / static_cast<float>(back_rays - 1);
      const float ang = toward_seed - half + 2.0F * half * frac;
      // Start two pixels in, past the falling flank of the edge the ray leaves from.
      if (auto p = find_border(image, reflections, e, ang, 2.0F, criterion)) outcome_.edges.push_back(*p);
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
    search(image, reflections, seed, {std::nullopt, sp.edge_threshold, 2.0F * sp.max_radius_px}, params, limits);
    return outcome_;
  }
  auto criterion = [](const DarkRegion& r) {
    // A ray from inside the region leaves it within the region's diagonal, a back ray from
    // its border within the same; the border must be crossed by then.
    const float reach = std::hypot(static_cast<float>(r.bounds.w), static_cast<float>(r.bounds.h)) + 2.0F;
    return RayCriterion{0.5F * (r.pupil_level + r.spill_level), 0.0F, reach};
  };
  search(image, reflections, grown.main().centroid, criterion(grown.main()), params, limits);
  // A lower border inside the first one found is the pupil's when that one is the iris around
  // it: then the grey does not rise once, within the blur, across its border, but twice.
  if (grown.after_wall && grown.earlier && two_step(image, reflections, outcome_, params.smoothing)) {
    search(image, reflections, grown.earlier->centroid, criterion(*grown.earlier), params, limits);
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
    cast_rays(image, reflections, centre, params, criterion);
    outcome_.fit = ransac_.fit(outcome_.edges, params.fit, limits, outcome_.inlier);
    if (!outcome_.fit) break;
    const Point2f next{outcome_.fit->ellipse.cx, outcome_.fit->ellipse.cy};
    const float moved = std::hypot(next.x - centre.x, next.y - centre.y);
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
  // A refinement stays within the inliers' band; anything farther is a degenerate solution.
  if (!g || std::hypot(g->cx - algebraic.cx, g->cy - algebraic.cy) > ransac.inlier_px ||
      std::abs(g->a - algebraic.a) > ransac.inlier_px || std::abs(g->b - algebraic.b) > ransac.inlier_px) {
    return algebraic;
  }
  return *g;
}

bool StarburstSearch::two_step(CViewU8 image, CViewU8 reflections, const SearchOutcome& outcome,
                               const SmoothingParams& smoothing) {
  if (!outcome.fit) return true;
  const float blur = smoothing.blur_reach_px();
  const auto levels = measure_border_levels(image, reflections, outcome.fit->ellipse, blur);
  if (!levels || levels->outside <= levels->inside) return true;
  const auto rise = border_rise_px(image, reflections, outcome.fit->ellipse, *levels);
  return !rise || *rise > kTwoStepBlurs * blur;
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
