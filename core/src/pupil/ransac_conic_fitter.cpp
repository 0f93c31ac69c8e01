#include "pt/pupil/ransac_conic_fitter.hpp"

#include <algorithm>
#include <cmath>

#include "pt/pupil/conic_fit.hpp"
#include "pt/random.hpp"

namespace pt {
namespace {

bool plausible(const Ellipse& e, RadiusRange radii) {
  // Pupils seen obliquely stay within about 3:1; flatter fits are lids or lash lines.
  return e.b >= radii.min_px && e.a <= radii.max_px && e.a <= 3.0F * e.b;
}

}  // namespace

std::optional<Ellipse> fit_model(std::span<const Point2f> points, FitModel model) {
  return model == FitModel::Circle ? fit_circle_taubin(points) : fit_ellipse_direct(points);
}

RansacConicFitter::RansacConicFitter(const RansacParams& params) : params_(params) {
  SplitMix64 rng(params.seed);
  unit_samples_.resize(static_cast<std::size_t>(std::max(1, params.hypotheses)) * kSampleSize);
  for (float& u : unit_samples_) u = rng.uniform01();
  sample_.resize(kSampleSize);
}

int RansacConicFitter::count_inliers(std::span<const Point2f> points, const Ellipse& e) const {
  int n = 0;
  for (const auto& p : points) n += radial_distance(e, p) <= params_.inlier_px ? 1 : 0;
  return n;
}

void RansacConicFitter::mark_inliers(std::span<const Point2f> points, const Ellipse& e,
                                     std::vector<std::uint8_t>& inlier) const {
  inlier.resize(points.size());
  for (std::size_t i = 0; i < points.size(); ++i) inlier[i] = radial_distance(e, points[i]) <= params_.inlier_px ? 1 : 0;
}

std::optional<ConicFit> RansacConicFitter::fit(std::span<const Point2f> points, FitModel model, RadiusRange radii,
                                               std::vector<std::uint8_t>& inlier) {
  inlier.assign(points.size(), 0);
  if (points.size() < static_cast<std::size_t>(kSampleSize)) return std::nullopt;
  const auto n = static_cast<float>(points.size());
  std::optional<ConicFit> best;
  const std::size_t hypotheses = unit_samples_.size() / kSampleSize;
  for (std::size_t h = 0; h < hypotheses; ++h) {
    for (std::size_t k = 0; k < kSampleSize; ++k) {
      const auto idx = std::min(static_cast<std::size_t>(unit_samples_[h * kSampleSize + k] * n), points.size() - 1);
      sample_[k] = points[idx];
    }
    const auto e = fit_model(sample_, model);
    if (!e || !plausible(*e, radii)) continue;
    const int votes = count_inliers(points, *e);
    if (!best || votes > best->inliers) best = ConicFit{*e, votes};
    // Every point agrees: more hypotheses cannot do better.
    if (best->inliers == static_cast<int>(points.size())) break;
  }
  if (!best) return std::nullopt;
  // Refit on the consensus, then once more on the refit's own consensus.
  for (int round = 0; round < 2; ++round) {
    mark_inliers(points, best->ellipse, inlier);
    chosen_.clear();
    for (std::size_t i = 0; i < points.size(); ++i) {
      if (inlier[i] != 0) chosen_.push_back(points[i]);
    }
    const auto refined = fit_model(chosen_, model);
    if (!refined || !plausible(*refined, radii)) break;
    const int votes = count_inliers(points, *refined);
    if (votes < best->inliers) break;
    best = ConicFit{*refined, votes};
  }
  mark_inliers(points, best->ellipse, inlier);
  return best;
}

}  // namespace pt
