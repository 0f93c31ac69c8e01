#pragma once
// The circle Hough transform of the paper's case 3, over a list of edge pixels (only a small
// share of the image is edges, so the list, not the image, is scanned).
//
// Full-circle voting (the paper's): for each radius, every edge pixel votes for the centres on
// a circle around itself, sampled every angle_step; the best (centre, radius) cell wins. Cost:
// edges x radii x 360 / angle_step.
// Gradient voting: a circle's centre lies along each of its edge pixels' gradients, on the dark
// side, so every edge votes along that line only, for all radii into one centre accumulator,
// weighted by its strength; the strongest peaks then get their radii from a count of the edges
// that face away from them, by distance, on the full-circle scale. Cost: edges x radii, plus
// edges per peak.
// Either way the best-voted circle wins, unless a well-voted circle of a pupil's size lies
// inside it: then the winner was the iris.
#include <algorithm>
#include <cstdint>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "pt/geometry.hpp"
#include "pt/pupil/detector_params.hpp"
#include "pt/pupil/hough_rules.hpp"

namespace pt {

// The radii searched, min_radius..max_radius in steps, and per radius the full-circle votes one
// edge pixel on the circle stands for. An edge pixel votes for a cell at most once per radius:
// around a small circle its samples crowd into fewer cells than there are samples, so small
// circles, which clutter forms by chance, get fewer votes.
struct HoughRadii {
  std::vector<float> radii;
  std::vector<float> weights;
  float step = 1.0F;
  int votes_per_edge = 0;  // 360 / angle_step
};
// The spacing of the radii searched.
[[nodiscard]] float hough_radius_step(const CannyHoughParams& params) noexcept;
// Calls radius(r) for each radius searched, in increasing order.
template <class Radius>
void for_each_hough_radius(float min_radius, float max_radius, float step, Radius&& radius) {
  for (float r = std::max(min_radius, 1.0F); r <= max_radius + 1e-3F; r += step) radius(r);
}
// Refills `table`, whose vectors keep their capacity.
void fill_hough_radii(float min_radius, float max_radius, const CannyHoughParams& params, HoughRadii& table);

class HoughCircleFinder {
 public:
  // The best-supported circle with radius in [min_radius, max_radius] and its centre inside a
  // width x height image, or nothing when no edge votes there.
  std::optional<HoughCircle> find(std::span<const EdgePixel> edges, int width, int height, float min_radius,
                                  float max_radius, const CannyHoughParams& params);

 private:
  // Both add their circle hypotheses to circles_.
  void vote_full_circles(std::span<const EdgePixel> edges, int width, int height);
  void vote_along_gradients(std::span<const EdgePixel> edges, int width, int height);
  // The radii around `centre` where the edges facing away from it peak.
  void add_radius_peaks(std::span<const EdgePixel> edges, Point2f centre);

  HoughRadii table_;
  std::vector<std::uint32_t> counts_;
  std::vector<std::uint64_t> accumulator_;
  std::vector<std::uint64_t> box_sums_;
  std::vector<std::pair<std::uint64_t, std::uint32_t>> peaks_;  // (votes, cell)
  std::vector<std::uint32_t> radial_;  // edges per radius around one centre
  std::vector<float> band_votes_;      // votes within the band around each radius
  std::vector<HoughCircle> circles_;
};

}  // namespace pt
