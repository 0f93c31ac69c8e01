#include "pt/pupil/threshold_labeling_search.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include "pt/pupil/border_refinement.hpp"
#include "pt/pupil/pupil_confidence.hpp"
#include "pt/pupil/threshold_labeling_rules.hpp"

namespace pt {
namespace {

using threshold_labeling_rules::level_crossing;

int darkest_grey(CViewU8 image) noexcept {
  int darkest = 255;
  for (int y = 0; y < image.height; ++y) {
    const std::uint8_t* row = image.row(y);
    darkest = std::min<int>(darkest, *std::min_element(row, row + image.width));
  }
  return darkest;
}

}  // namespace

void ThresholdLabelingSearch::label_below(CViewU8 image, float level) {
  dark_.resize(image.width, image.height);
  for (int y = 0; y < image.height; ++y) {
    const std::uint8_t* src = image.row(y);
    std::uint8_t* dst = dark_.view().row(y);
    for (int x = 0; x < image.width; ++x) dst[x] = static_cast<float>(src[x]) < level ? 1 : 0;
  }
  blobs_.label(std::as_const(dark_).view());
}

int ThresholdLabelingSearch::largest_blob() const {
  int best = 0;
  for (int label = 1; label <= blobs_.count(); ++label) {
    if (best == 0 || blobs_.stats(label).area > blobs_.stats(best).area) best = label;
  }
  return best;
}

void ThresholdLabelingSearch::collect_border(CViewU8 image, CViewU8 reflections, int label, float level) {
  border_.clear();
  const auto labels = blobs_.labels();
  const RectI b = blobs_.stats(label).bounds;
  for (int y = b.y; y < b.y + b.h; ++y) {
    for (int x = b.x; x < b.x + b.w; ++x) {
      if (labels.at(x, y) != label || (!reflections.empty() && reflections.at(x, y) != 0)) continue;
      if (threshold_labeling_rules::on_blob_border(labels, x, y, label)) {
        border_.push_back(level_crossing(image, x, y, level));
      }
    }
  }
}

void ThresholdLabelingSearch::keep(const ConicFit& fit) {
  outcome_.fit = fit;
  outcome_.edges = border_;
  outcome_.inlier = inlier_;
}

const SearchOutcome& ThresholdLabelingSearch::run(CViewU8 image, CViewU8 reflections, Point2f /*seed*/,
                                                  const DetectorParams& params) {
  ransac_.update(params.ransac);
  const ThresholdLabelingParams& tl = params.threshold_labeling;
  const StarburstParams& sp = params.starburst;
  const ShapeLimits limits{sp.min_radius_px, sp.max_radius_px, sp.max_aspect};
  // Blobs smaller than the smallest pupil or larger than the largest cannot be one. Blobs only
  // grow and merge as the level rises, so once the largest is too large, so are all above it.
  const float min_area = threshold_labeling_rules::disc_area(sp.min_radius_px);
  const float max_area = threshold_labeling_rules::disc_area(sp.max_radius_px);
  outcome_.fit.reset();
  outcome_.edges.clear();
  outcome_.inlier.clear();
  outcome_.iterations = 0;
  if (image.empty()) return outcome_;
  const int darkest = darkest_grey(image);
  float best_score = 0.0F;
  for (int i = 0; i < threshold_labeling_rules::level_count(tl); ++i) {
    const int level = darkest + threshold_labeling_rules::level_above(tl, i);
    if (level > 255) break;  // every pixel is dark from here on
    ++outcome_.iterations;
    label_below(image, static_cast<float>(level));
    const int label = largest_blob();
    const auto area = static_cast<float>(blobs_.stats(label).area);
    if (area > max_area) break;
    if (label == 0 || area < min_area) continue;
    collect_border(image, reflections, label, static_cast<float>(level));
    const auto fit = ransac_.fit(border_, params.fit, limits, inlier_);
    if (!fit) continue;
    // The paper keeps the level with the most votes, but votes grow with the circle: at the
    // upper levels the iris is one blob and its outline outvotes the pupil. A level scores
    // instead by how well one ellipse explains its blob: the share of the border on the fit
    // times the share of the fit's perimeter with border on it. Ties go to the lower level: the
    // fewer dark neighbours (lashes, iris texture) have joined the pupil's blob there.
    const float score = threshold_labeling_rules::level_score(fit->inliers, static_cast<int>(border_.size()),
                                                              border_support(fit->ellipse, border_, inlier_));
    if (score <= best_score) continue;
    best_score = score;
    keep(*fit);
  }
  if (outcome_.fit) refit_at_half_contrast(image, reflections, params, limits);
  return outcome_;
}

void ThresholdLabelingSearch::refit_at_half_contrast(CViewU8 image, CViewU8 reflections, const DetectorParams& params,
                                                     const ShapeLimits& limits) {
  const Ellipse& found = outcome_.fit->ellipse;
  const auto levels = measure_border_levels(image, reflections, found, params.smoothing.blur_reach_px());
  if (!levels || levels->outside <= levels->inside) return;
  const float level = 0.5F * (levels->inside + levels->outside);
  label_below(image, level);
  // At this higher level the pupil may have merged with dark surroundings (lashes, a dark
  // iris): its blob is the one at its centre, not the largest.
  const int cx = std::clamp(static_cast<int>(std::lround(found.cx)), 0, image.width - 1);
  const int cy = std::clamp(static_cast<int>(std::lround(found.cy)), 0, image.height - 1);
  const int label = blobs_.labels().at(cx, cy);
  if (label == 0) return;
  collect_border(image, reflections, label, level);
  if (const auto fit = ransac_.fit(border_, params.fit, limits, inlier_)) keep(*fit);
}

}  // namespace pt
