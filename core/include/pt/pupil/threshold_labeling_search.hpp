#pragma once
// Thresholding and labeling (the paper's case 1, after Rankin et al.): at each of several grey
// levels the image is binarised, its dark blobs labelled, and the border of the largest one
// fitted with RANSAC; the level whose fit is best supported wins. The seed is not used: every
// frame is searched afresh, as the paper does.
#include <cstdint>
#include <vector>

#include "pt/imgproc/connected_components.hpp"
#include "pt/pupil/pupil_search.hpp"

namespace pt {

class ThresholdLabelingSearch final : public PupilSearch {
 public:
  explicit ThresholdLabelingSearch(const RansacParams& ransac) : ransac_(ransac) {}

  const SearchOutcome& run(CViewU8 image, CViewU8 reflections, Point2f seed, const DetectorParams& params) override;
  [[nodiscard]] const SearchOutcome& outcome() const noexcept override { return outcome_; }

 private:
  // The largest blob at this level (the paper's choice), or 0 if none reaches `min_area`.
  [[nodiscard]] int largest_blob(float min_area) const;
  // Border of blob `label` off the reflections, each point moved to where the image crosses the level.
  void collect_border(CViewU8 image, CViewU8 reflections, int label, int level);

  RansacConicFitter ransac_;
  ImageU8 dark_;
  ConnectedComponents blobs_;
  std::vector<Point2f> border_;
  std::vector<std::uint8_t> inlier_;
  SearchOutcome outcome_;
};

}  // namespace pt
