#pragma once
// Starburst edge search (Li, Winfield and Parkhurst) as the GPU paper runs it: rays from a seed,
// the first strong dark-to-bright step on each; a second stage of rays cast back from every
// border point within +-50 degrees of the seed to reach the opposite border; a RANSAC fit gives
// the next seed until the centre settles.
#include <optional>
#include <vector>

#include "pt/pupil/pupil_search.hpp"

namespace pt {

class StarburstSearch final : public PupilSearch {
 public:
  explicit StarburstSearch(const RansacParams& ransac) : ransac_(ransac), ransac_params_(ransac) {}

  const SearchOutcome& run(CViewU8 image, CViewU8 reflections, Point2f seed, const DetectorParams& params) override;
  [[nodiscard]] const SearchOutcome& outcome() const noexcept override { return outcome_; }

 private:
  void cast_rays(CViewU8 image, CViewU8 reflections, Point2f seed, const DetectorParams& params);

  RansacConicFitter ransac_;
  RansacParams ransac_params_;
  SearchOutcome outcome_;
  std::vector<Point2f> first_stage_;
};

// Walks from `origin` along the unit direction (dx, dy) from distance `start` to `max_len` and
// returns the sub-pixel position of the first dark-to-bright step steeper than `threshold`
// grey levels per pixel, located at the gradient's peak. Steps touching a reflection are
// ignored.
std::optional<Point2f> find_edge_along_ray(CViewU8 image, CViewU8 reflections, Point2f origin, float dx, float dy,
                                           float start, float max_len, float threshold);

}  // namespace pt
