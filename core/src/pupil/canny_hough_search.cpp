#include "pt/pupil/canny_hough_search.hpp"

#include <algorithm>
#include <utility>

#include "pt/pupil/conic_fit.hpp"

namespace pt {
namespace {

// Rounds of fitting and re-selecting: an oblique pupil's border leaves the best circle by
// several pixels at the ends of its major axis, and each fit takes in more of it.
constexpr int kRefineRounds = 3;

}  // namespace

void CannyHoughSearch::collect_edges(CViewU8 image, CViewU8 reflections, const CannyHoughParams& params) {
  canny_.compute_gradients(image);
  const float high = canny_.magnitude_quantile(params.high_fraction);
  edge_map_.resize(image.width, image.height);
  canny_.find_edges(params.low_ratio * high, high, edge_map_.view());
  edges_.clear();
  const auto dx = canny_.dx();
  const auto dy = canny_.dy();
  for (int y = 0; y < image.height; ++y) {
    const std::uint8_t* edge = std::as_const(edge_map_).view().row(y);
    for (int x = 0; x < image.width; ++x) {
      if (edge[x] == 0 || (!reflections.empty() && reflections.at(x, y) != 0)) continue;
      edges_.push_back({{static_cast<float>(x), static_cast<float>(y)},
                        {static_cast<float>(dx.at(x, y)), static_cast<float>(dy.at(x, y))}});
    }
  }
}

void CannyHoughSearch::refine(const HoughCircle& circle, const DetectorParams& params) {
  const StarburstParams& sp = params.starburst;
  const ShapeLimits limits{sp.min_radius_px, sp.max_radius_px, sp.max_aspect};
  const float band = params.ransac.inlier_px;
  Ellipse model{circle.centre.x, circle.centre.y, circle.radius, circle.radius, 0.0F};
  for (int round = 0; round < kRefineRounds; ++round) {
    const RadialDistance distance(model);
    outcome_.edges.clear();
    const Point2f centre{model.cx, model.cy};
    for (const EdgePixel& e : edges_) {
      if (distance(e.position) <= band && hough_rules::faces_away(e, centre)) outcome_.edges.push_back(e.position);
    }
    const auto fit = fit_model(outcome_.edges, params.fit);
    if (!fit || !limits.admits(*fit)) break;
    model = *fit;
    outcome_.fit = ConicFit{model, 0};
  }
  if (!outcome_.fit) return;
  const RadialDistance distance(model);
  outcome_.inlier.resize(outcome_.edges.size());
  for (std::size_t i = 0; i < outcome_.edges.size(); ++i) {
    outcome_.inlier[i] = distance(outcome_.edges[i]) <= band ? 1 : 0;
    outcome_.fit->inliers += outcome_.inlier[i];
  }
}

const SearchOutcome& CannyHoughSearch::run(CViewU8 image, CViewU8 reflections, Point2f /*seed*/,
                                           const DetectorParams& params) {
  outcome_.fit.reset();
  outcome_.edges.clear();
  outcome_.inlier.clear();
  outcome_.iterations = 1;
  if (image.width < 3 || image.height < 3) return outcome_;
  collect_edges(image, reflections, params.canny_hough);
  const auto circle = hough_.find(edges_, image.width, image.height, params.starburst.min_radius_px,
                                  params.starburst.max_radius_px, params.canny_hough);
  if (circle) refine(*circle, params);
  return outcome_;
}

}  // namespace pt
