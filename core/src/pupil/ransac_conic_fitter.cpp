#include "pt/pupil/ransac_conic_fitter.hpp"

#include <algorithm>

#include "pt/pupil/conic_fit_math.hpp"
#include "pt/random.hpp"

namespace pt {

std::optional<Ellipse> fit_model(std::span<const Point2f> points, FitModel model) {
  const MaybeEllipse e = conic_math::fit_conic(points, model);
  return e.ok ? std::optional<Ellipse>(e.ellipse) : std::nullopt;
}

std::vector<float> RansacConicFitter::unit_samples(const RansacParams& params) {
  SplitMix64 rng(params.seed);
  std::vector<float> samples(static_cast<std::size_t>(std::max(1, params.hypotheses)) * ransac::kSampleSize);
  for (float& u : samples) u = rng.uniform01();
  return samples;
}

RansacConicFitter::RansacConicFitter(const RansacParams& params)
    : params_(params), unit_samples_(unit_samples(params)) {
  sample_.resize(kSampleSize);
}

void RansacConicFitter::update(const RansacParams& params) {
  const bool redraw = params.hypotheses != params_.hypotheses || params.seed != params_.seed;
  params_ = params;
  if (redraw) unit_samples_ = unit_samples(params_);
}

int RansacConicFitter::count_inliers(std::span<const Point2f> points, const Ellipse& e) const {
  const RadialDistance distance(e);
  int n = 0;
  for (const auto& p : points) n += distance(p) <= params_.inlier_px ? 1 : 0;
  return n;
}

void RansacConicFitter::mark_inliers(std::span<const Point2f> points, const Ellipse& e,
                                     std::vector<std::uint8_t>& inlier) const {
  const RadialDistance distance(e);
  inlier.resize(points.size());
  for (std::size_t i = 0; i < points.size(); ++i) inlier[i] = distance(points[i]) <= params_.inlier_px ? 1 : 0;
}

std::optional<ConicFit> RansacConicFitter::fit(std::span<const Point2f> points, FitModel model, const ShapeLimits& limits,
                                               std::vector<std::uint8_t>& inlier) {
  // assign() alone grows the flags to exactly the count asked, a new allocation each time the
  // border has a point more than ever before; doubling settles within a few frames.
  if (inlier.capacity() < points.size()) inlier.reserve(std::max(points.size(), 2 * inlier.capacity()));
  inlier.assign(points.size(), 0);
  if (points.size() < static_cast<std::size_t>(kSampleSize)) return std::nullopt;
  const std::size_t hypotheses = unit_samples_.size() / kSampleSize;
  ransac::Selection selection(hypotheses);
  for (std::size_t h = 0; h < hypotheses; ++h) {
    for (std::size_t k = 0; k < kSampleSize; ++k) {
      sample_[k] = points[ransac::sample_index(unit_samples_[h * kSampleSize + k], points.size())];
    }
    const MaybeEllipse e = conic_math::fit_conic(sample_, model);
    if (!e.ok || !limits.admits(e.ellipse)) continue;
    if (selection.offer(h, e.ellipse, count_inliers(points, e.ellipse), points.size())) break;
  }
  if (!selection.found) return std::nullopt;
  ConicFit best = selection.best;
  // Refit on the consensus, then once more on the refit's own consensus.
  for (int round = 0; round < 2; ++round) {
    mark_inliers(points, best.ellipse, inlier);
    chosen_.clear();
    for (std::size_t i = 0; i < points.size(); ++i) {
      if (inlier[i] != 0) chosen_.push_back(points[i]);
    }
    const MaybeEllipse refined = conic_math::fit_conic(chosen_, model);
    if (!refined.ok || !limits.admits(refined.ellipse)) break;
    const int votes = count_inliers(points, refined.ellipse);
    if (votes < best.inliers) break;
    best = ConicFit{refined.ellipse, votes};
  }
  mark_inliers(points, best.ellipse, inlier);
  return best;
}

}  // namespace pt
