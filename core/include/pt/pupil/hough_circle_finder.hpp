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
#include <cstdint>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "pt/geometry.hpp"
#include "pt/pupil/detector_params.hpp"

namespace pt {

struct EdgePixel {
  Point2f position;
  Point2f gradient;  // toward the brighter side; its length is irrelevant
};

// Whether the edge could lie on the border of a dark disc around `centre`: its gradient points
// within 45 degrees of straight away from the centre. The normals of an oblique (1.5:1) pupil
// stray up to 23 degrees from the radial direction; edges of clutter point anywhere.
[[nodiscard]] bool faces_away(const EdgePixel& e, Point2f centre) noexcept;

struct HoughCircle {
  Point2f centre;
  float radius = 0.0F;
  // On the full-circle scale: about min(2 pi radius, 360 / angle_step) for a circle whose whole
  // border is edges, less in proportion for a partial border.
  float votes = 0.0F;
};

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

  std::vector<float> radii_;
  float radius_step_ = 1.0F;
  std::vector<float> weights_;  // per radius: the full-circle votes one edge pixel on the circle stands for
  int votes_per_edge_ = 0;      // 360 / angle_step
  std::vector<std::uint32_t> counts_;
  std::vector<float> accumulator_;
  std::vector<float> box_sums_;
  std::vector<std::pair<float, std::size_t>> peaks_;  // (votes, cell)
  std::vector<float> radial_;                         // edges per radius around one centre
  std::vector<float> band_votes_;                     // votes within the band around each radius
  std::vector<HoughCircle> circles_;
};

}  // namespace pt
