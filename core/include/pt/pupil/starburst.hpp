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
#include <optional>
#include <vector>

#include "pt/pupil/dark_region.hpp"
#include "pt/pupil/pupil_search.hpp"

namespace pt {

class StarburstSearch final : public PupilSearch {
 public:
  explicit StarburstSearch(const RansacParams& ransac) : ransac_(ransac), ransac_params_(ransac) {}

  const SearchOutcome& run(CViewU8 image, CViewU8 reflections, Point2f seed, const DetectorParams& params) override;
  [[nodiscard]] const SearchOutcome& outcome() const noexcept override { return outcome_; }

 private:
  // How the rays of one search recognise the border.
  struct RayCriterion {
    std::optional<float> level;  // rises through this grey; else steeper than `gradient`
    float gradient = 0.0F;       // grey levels per pixel
    float reach = 0.0F;          // longest ray, pixels
  };

  [[nodiscard]] static std::optional<Point2f> find_border(CViewU8 image, CViewU8 reflections, Point2f origin,
                                                          float angle, float start, const RayCriterion& criterion);
  void cast_rays(CViewU8 image, CViewU8 reflections, Point2f seed, const DetectorParams& params,
                 const RayCriterion& criterion);
  // The iterated search from `centre`, leaving its result in outcome_.
  void search(CViewU8 image, CViewU8 reflections, Point2f centre, const RayCriterion& criterion,
              const DetectorParams& params, const ShapeLimits& limits);
  // Moves the fit onto the isophote midway between the pupil's and the iris's grey.
  void place_border(CViewU8 image, CViewU8 reflections, const DetectorParams& params, const ShapeLimits& limits);
  // The ellipse geometrically nearest the inliers of border_ (see geometric_ellipse_fit.hpp),
  // starting from their algebraic fit.
  [[nodiscard]] Ellipse nearest_geometrically(const Ellipse& algebraic, const RansacParams& ransac);
  // Whether the grey across the fit of `outcome` rises in two steps (or not at all).
  [[nodiscard]] static bool two_step(CViewU8 image, CViewU8 reflections, const SearchOutcome& outcome,
                                     const SmoothingParams& smoothing);

  DarkRegionGrower region_;
  RansacConicFitter ransac_;
  RansacParams ransac_params_;
  SearchOutcome outcome_;
  std::vector<Point2f> first_stage_;
  std::vector<Point2f> border_;
  std::vector<std::uint8_t> border_inlier_;
  std::vector<Point2f> inliers_;
};

// Walks from `origin` along the unit direction (dx, dy) from distance `start` to `max_len` and
// returns the sub-pixel position of the first dark-to-bright step steeper than `threshold`
// grey levels per pixel, located at the gradient's peak. Steps touching a reflection are
// ignored.
std::optional<Point2f> find_edge_along_ray(CViewU8 image, CViewU8 reflections, Point2f origin, float dx, float dy,
                                           float start, float max_len, float threshold);

// Walks the same way and returns where the profile first rises through `level` (a sample
// below it followed by one at or above it), interpolated between the two. Crossings touching a
// reflection are ignored.
std::optional<Point2f> find_level_crossing_along_ray(CViewU8 image, CViewU8 reflections, Point2f origin, float dx,
                                                     float dy, float start, float max_len, float level);

}  // namespace pt
