#include "pt/pupil/threshold_labeling_search.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <utility>

#include "pt/pupil/border_refinement.hpp"
#include "pt/pupil/pupil_confidence.hpp"

namespace pt {
namespace {

// Where the image crosses `level` near the dark pixel (x, y), following the gradient toward the
// bright side: the binarised border is whole pixels, the crossing is sub-pixel.
Point2f level_crossing(CViewU8 image, int x, int y, float level) noexcept {
  const auto at = [&](int px, int py) {
    return static_cast<float>(image.at(std::clamp(px, 0, image.width - 1), std::clamp(py, 0, image.height - 1)));
  };
  const float gx = 0.5F * (at(x + 1, y) - at(x - 1, y));
  const float gy = 0.5F * (at(x, y + 1) - at(x, y - 1));
  const float g = std::hypot(gx, gy);
  const Point2f p{static_cast<float>(x), static_cast<float>(y)};
  if (g < 0.5F) return p;
  const float t = std::clamp((level - at(x, y)) / g, 0.0F, 1.5F);
  return {p.x + t * gx / g, p.y + t * gy / g};
}

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
      // The region's own edge is no pupil border: only neighbours inside the image count.
      bool border = false;
      for (int ny = std::max(y - 1, 0); ny <= std::min(y + 1, image.height - 1) && !border; ++ny) {
        for (int nx = std::max(x - 1, 0); nx <= std::min(x + 1, image.width - 1); ++nx) {
          if (labels.at(nx, ny) != label) {
            border = true;
            break;
          }
        }
      }
      if (border) border_.push_back(level_crossing(image, x, y, level));
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
  const float min_area = std::numbers::pi_v<float> * sp.min_radius_px * sp.min_radius_px;
  const float max_area = std::numbers::pi_v<float> * sp.max_radius_px * sp.max_radius_px;
  outcome_.fit.reset();
  outcome_.edges.clear();
  outcome_.inlier.clear();
  outcome_.iterations = 0;
  if (image.empty()) return outcome_;
  const int darkest = darkest_grey(image);
  float best_score = 0.0F;
  for (int above = tl.min_threshold; above <= tl.max_threshold; above += std::max(1, tl.step)) {
    const int level = darkest + above;
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
    const float on_fit = static_cast<float>(fit->inliers) / static_cast<float>(border_.size());
    const float score = on_fit * border_support(fit->ellipse, border_, inlier_);
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
