#pragma once
// Thresholding and labeling (the paper's case 1, after Rankin et al.): at each of several grey
// levels the image is binarised, its dark blobs labelled, and the border of the largest one
// fitted with RANSAC; the level whose fit explains its blob best wins. The seed is not used:
// every frame is searched afresh, as the paper does.
//
// A binarised border lies where the grey crosses the winning level, which is the lowest level
// at which the pupil stands alone: on the dark side of its blurred border, so the fit comes out
// small. The pupil is therefore binarised once more at the grey midway between its inside and
// its surroundings, which marks the border itself under a symmetric blur, and the blob there
// is fitted again.
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
  [[nodiscard]] bool uses_seed() const noexcept override { return false; }

 private:
  // Labels the pixels darker than `level`.
  void label_below(CViewU8 image, float level);
  // The largest blob of the last labeling (the paper's choice); 0 when there is none.
  [[nodiscard]] int largest_blob() const;
  // Border of blob `label` off the reflections, each point moved to where the image crosses `level`.
  void collect_border(CViewU8 image, CViewU8 reflections, int label, float level);
  // Makes `fit` of border_ the outcome.
  void keep(const ConicFit& fit);
  // Refits the pupil found at the level midway between its inside and its surroundings.
  void refit_at_half_contrast(CViewU8 image, CViewU8 reflections, const DetectorParams& params,
                              const ShapeLimits& limits);

  RansacConicFitter ransac_;
  ImageU8 dark_;
  ConnectedComponents blobs_;
  std::vector<Point2f> border_;
  std::vector<std::uint8_t> inlier_;
  SearchOutcome outcome_;
};

}  // namespace pt
