#pragma once
// RANSAC over pre-generated random index sets (as the paper does: the uniforms are drawn once
// and scaled to however many edge points a frame has), then a least-squares refit on the
// inliers of the best hypothesis.
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "pt/geometry.hpp"
#include "pt/pupil/detector_params.hpp"
#include "pt/pupil/ransac_rules.hpp"

namespace pt {

class RansacConicFitter {
 public:
  static constexpr int kSampleSize = ransac::kSampleSize;

  explicit RansacConicFitter(const RansacParams& params);
  // Takes the parameters of this call; the index sets are drawn anew only if their number or
  // seed changed.
  void update(const RansacParams& params);

  // The uniforms in [0, 1) from which the index sets are drawn: kSampleSize per hypothesis,
  // hypotheses one after another, fixed by the seed (the GPU search uploads the same ones).
  [[nodiscard]] static std::vector<float> unit_samples(const RansacParams& params);

  // `inlier` receives one flag per point for the returned fit.
  std::optional<ConicFit> fit(std::span<const Point2f> points, FitModel model, const ShapeLimits& limits,
                              std::vector<std::uint8_t>& inlier);

 private:
  [[nodiscard]] int count_inliers(std::span<const Point2f> points, const Ellipse& e) const;
  void mark_inliers(std::span<const Point2f> points, const Ellipse& e, std::vector<std::uint8_t>& inlier) const;

  RansacParams params_;
  std::vector<float> unit_samples_;
  std::vector<Point2f> sample_;
  std::vector<Point2f> chosen_;
};

// The least-squares fit of one model: Taubin circle or direct ellipse.
std::optional<Ellipse> fit_model(std::span<const Point2f> points, FitModel model);

}  // namespace pt
