#pragma once
// Canny edges and a circle Hough transform (the paper's case 3): the best-supported circle among
// the edges, then a least-squares fit to the edge pixels near it for sub-pixel accuracy and the
// chosen model (an oblique pupil is an ellipse the circle only approximates). The seed is not
// used: every frame is searched afresh, as the paper does.
#include <cstdint>
#include <vector>

#include "pt/imgproc/canny.hpp"
#include "pt/pupil/hough_circle_finder.hpp"
#include "pt/pupil/pupil_search.hpp"

namespace pt {

class CannyHoughSearch final : public PupilSearch {
 public:
  const SearchOutcome& run(CViewU8 image, CViewU8 reflections, Point2f seed, const DetectorParams& params) override;
  [[nodiscard]] const SearchOutcome& outcome() const noexcept override { return outcome_; }
  [[nodiscard]] bool uses_seed() const noexcept override { return false; }

 private:
  void collect_edges(CViewU8 image, CViewU8 reflections, const CannyHoughParams& params);
  // Least-squares fits to the edges near the circle, then near each fit in turn.
  void refine(const HoughCircle& circle, const DetectorParams& params);

  CannyEdgeDetector canny_;
  HoughCircleFinder hough_;
  ImageU8 edge_map_;
  std::vector<EdgePixel> edges_;
  SearchOutcome outcome_;
};

}  // namespace pt
