#include "pt/pupil/ransac_conic_fitter.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "pt/pupil/conic_fit.hpp"
#include "pt/random.hpp"

namespace pt {
namespace {

// Hypotheses after which an all-inlier sample has been drawn with 99.9 % probability, given the
// best inlier share so far (the standard adaptive stopping rule); never fewer than a floor, so
// a lucky early sample cannot end the search.
std::size_t hypotheses_needed(double inlier_share) {
  constexpr double kConfidence = 0.999;
  constexpr std::size_t kFloor = 32;
  const double all_inliers = std::pow(inlier_share, RansacConicFitter::kSampleSize);
  if (all_inliers >= 1.0) return kFloor;
  if (all_inliers <= 0.0) return std::numeric_limits<std::size_t>::max();
  const double n = std::log(1.0 - kConfidence) / std::log(1.0 - all_inliers);
  return std::max(kFloor, static_cast<std::size_t>(std::ceil(n)));
}

}  // namespace

std::optional<Ellipse> fit_model(std::span<const Point2f> points, FitModel model) {
  return model == FitModel::Circle ? fit_circle_taubin(points) : fit_ellipse_direct(points);
}

RansacConicFitter::RansacConicFitter(const RansacParams& params) : params_(params) {
  draw_samples();
  sample_.resize(kSampleSize);
}

void RansacConicFitter::update(const RansacParams& params) {
  const bool redraw = params.hypotheses != params_.hypotheses || params.seed != params_.seed;
  params_ = params;
  if (redraw) draw_samples();
}

void RansacConicFitter::draw_samples() {
  SplitMix64 rng(params_.seed);
  unit_samples_.resize(static_cast<std::size_t>(std::max(1, params_.hypotheses)) * kSampleSize);
  for (float& u : unit_samples_) u = rng.uniform01();
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
  const auto n = static_cast<float>(points.size());
  std::optional<ConicFit> best;
  const std::size_t hypotheses = unit_samples_.size() / kSampleSize;
  std::size_t needed = hypotheses;
  for (std::size_t h = 0; h < hypotheses; ++h) {
    for (std::size_t k = 0; k < kSampleSize; ++k) {
      const auto idx = std::min(static_cast<std::size_t>(unit_samples_[h * kSampleSize + k] * n), points.size() - 1);
      sample_[k] = points[idx];
    }
    const auto e = fit_model(sample_, model);
    if (!e || !limits.admits(*e)) continue;
    const int votes = count_inliers(points, *e);
    if (!best || votes > best->inliers) {
      best = ConicFit{*e, votes};
      needed = hypotheses_needed(static_cast<double>(votes) / static_cast<double>(points.size()));
    }
    if (h + 1 >= needed) break;
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
    if (!refined || !limits.admits(*refined)) break;
    const int votes = count_inliers(points, *refined);
    if (votes < best->inliers) break;
    best = ConicFit{*refined, votes};
  }
  mark_inliers(points, best->ellipse, inlier);
  return best;
}

}  // namespace pt
