#pragma once
// Starburst edge search (Li, Winfield and Parkhurst) as the GPU paper runs it: rays from a seed,
// the first dark-to-bright border on each; a second stage of rays cast back from every border
// point within +-50 degrees of the seed to reach the opposite border; a RANSAC fit gives the
// next seed until the centre settles.
//
// What counts as a border adapts to the pupil's contrast: when a dark region grown from the
// seed shows the pupil's grey and the grey at which it spills into its surroundings, a ray's
// border is where it rises through the level midway between the two, and rays reach no
// farther than that region extends. Without such a region (no enclosed dark area at the seed)
// the paper's fixed gradient threshold applies. The fit is finally placed on the isophote
// halfway between the pupil's and the iris's grey (see border_refinement.hpp).
#include <vector>

#include "pt/pupil/dark_region.hpp"
#include "pt/pupil/pupil_search.hpp"
#include "pt/pupil/ray_walk.hpp"

namespace pt {

class StarburstSearch final : public PupilSearch {
 public:
  explicit StarburstSearch(const RansacParams& ransac) : ransac_(ransac), ransac_params_(ransac) {}

  const SearchOutcome& run(CViewU8 image, CViewU8 reflections, Point2f seed, const DetectorParams& params) override;
  [[nodiscard]] const SearchOutcome& outcome() const noexcept override { return outcome_; }

 private:
  // The iterated search from `centre`, leaving its result in outcome_.
  void search(CViewU8 image, CViewU8 reflections, Point2f centre, const RayCriterion& criterion,
              const DetectorParams& params, const ShapeLimits& limits);
  // Moves the fit onto the isophote midway between the pupil's and the iris's grey.
  void place_border(CViewU8 image, CViewU8 reflections, const DetectorParams& params, const ShapeLimits& limits);
  // The ellipse geometrically nearest the inliers of border_ (see geometric_ellipse_fit.hpp),
  // starting from their algebraic fit.
  [[nodiscard]] Ellipse nearest_geometrically(const Ellipse& algebraic, const RansacParams& ransac);

  DarkRegionGrower region_;
  RansacConicFitter ransac_;
  RansacParams ransac_params_;
  SearchOutcome outcome_;
  std::vector<Point2f> first_stage_;
  std::vector<Point2f> border_;
  std::vector<std::uint8_t> border_inlier_;
  std::vector<Point2f> inliers_;
};

// Starburst's rays from `seed`: the first stage spread over the full turn, then from each of
// its border points (kept in `first_stage`) the back rays. `edges` gets every border point in
// the order e0, e0's back-ray hits, e1, ... (the device's ray casting keeps that order).
void cast_starburst_rays(CViewU8 image, CViewU8 reflections, Point2f seed, const StarburstParams& sp,
                         const RayCriterion& criterion, std::vector<Point2f>& first_stage,
                         std::vector<Point2f>& edges);

}  // namespace pt
