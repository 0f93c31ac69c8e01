#include "pt/pupil/starburst.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>

namespace pt {
namespace {

// Bilinear sample; the caller keeps (x, y) inside [0, w-1] x [0, h-1].
float sample(CViewU8 img, float x, float y) noexcept {
  const int x0 = std::min(static_cast<int>(x), img.width - 2);
  const int y0 = std::min(static_cast<int>(y), img.height - 2);
  const float fx = x - static_cast<float>(x0);
  const float fy = y - static_cast<float>(y0);
  const std::uint8_t* r0 = img.row(y0) + x0;
  const std::uint8_t* r1 = r0 + img.stride;
  const float top = static_cast<float>(r0[0]) + fx * static_cast<float>(r0[1] - r0[0]);
  const float bottom = static_cast<float>(r1[0]) + fx * static_cast<float>(r1[1] - r1[0]);
  return top + fy * (bottom - top);
}

bool inside(CViewU8 img, float x, float y) noexcept {
  return x >= 0.0F && y >= 0.0F && x <= static_cast<float>(img.width - 1) && y <= static_cast<float>(img.height - 1);
}

bool on_reflection(CViewU8 refl, float x, float y) noexcept {
  if (refl.empty()) return false;
  return refl.at(static_cast<int>(x + 0.5F), static_cast<int>(y + 0.5F)) != 0;
}

constexpr int kPeakLookahead = 4;  // samples past the threshold crossing searched for the peak

}  // namespace

std::optional<Point2f> find_edge_along_ray(CViewU8 image, CViewU8 reflections, Point2f origin, float dx, float dy,
                                           float start, float max_len, float threshold) {
  if (image.width < 2 || image.height < 2) return std::nullopt;
  auto at = [&](float t) { return Point2f{origin.x + t * dx, origin.y + t * dy}; };
  Point2f p = at(start);
  if (!inside(image, p.x, p.y)) return std::nullopt;
  float prev = sample(image, p.x, p.y);
  bool prev_reflection = on_reflection(reflections, p.x, p.y);
  for (float t = start + 1.0F; t <= max_len; t += 1.0F) {
    p = at(t);
    if (!inside(image, p.x, p.y)) return std::nullopt;
    const float cur = sample(image, p.x, p.y);
    const bool cur_reflection = on_reflection(reflections, p.x, p.y);
    const float g = cur - prev;
    if (g > threshold && !cur_reflection && !prev_reflection) {
      // The crossing sits on the rising flank; the edge is where the gradient peaks. grad[i]
      // is the step into sample t-1+i, so it belongs to position t - 1.5 + i.
      std::array<float, kPeakLookahead + 2> grad{};
      const Point2f before = at(t - 2.0F);
      grad[0] = (t - 2.0F >= start && inside(image, before.x, before.y)) ? prev - sample(image, before.x, before.y) : g;
      grad[1] = g;
      std::size_t n = 2;
      float last = cur;
      for (int k = 1; k <= kPeakLookahead; ++k) {
        const Point2f q = at(t + static_cast<float>(k));
        if (!inside(image, q.x, q.y) || on_reflection(reflections, q.x, q.y)) break;
        const float v = sample(image, q.x, q.y);
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
    }
    prev = cur;
    prev_reflection = cur_reflection;
  }
  return std::nullopt;
}

void StarburstSearch::cast_rays(CViewU8 image, CViewU8 reflections, Point2f seed, const DetectorParams& params) {
  const StarburstParams& sp = params.starburst;
  const float reach = 2.0F * sp.max_radius_px;
  outcome_.edges.clear();
  first_stage_.clear();
  const int rays = std::max(1, sp.rays);
  for (int i = 0; i < rays; ++i) {
    const float ang = 2.0F * std::numbers::pi_v<float> * static_cast<float>(i) / static_cast<float>(rays);
    if (auto e = find_edge_along_ray(image, reflections, seed, std::cos(ang), std::sin(ang), 0.0F, reach,
                                     sp.edge_threshold)) {
      first_stage_.push_back(*e);
    }
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
      if (auto p = find_edge_along_ray(image, reflections, e, std::cos(ang), std::sin(ang), 2.0F, reach,
                                       sp.edge_threshold)) {
        outcome_.edges.push_back(*p);
      }
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
  outcome_.fit.reset();
  outcome_.iterations = 0;
  Point2f centre = seed;
  for (int it = 0; it < std::max(1, sp.max_iterations); ++it) {
    ++outcome_.iterations;
    cast_rays(image, reflections, centre, params);
    outcome_.fit = ransac_.fit(outcome_.edges, params.fit, limits, outcome_.inlier);
    if (!outcome_.fit) break;
    const Point2f next{outcome_.fit->ellipse.cx, outcome_.fit->ellipse.cy};
    const float moved = std::hypot(next.x - centre.x, next.y - centre.y);
    centre = next;
    if (moved < sp.convergence_px || !inside(image, centre.x, centre.y)) break;
  }
  return outcome_;
}

}  // namespace pt
