#pragma once
// The part of the pipeline that differs between the paper's three detectors: given the cleaned,
// smoothed eye image, find the pupil's border and fit it. Reflection removal, smoothing, the
// seed and the confidence are shared around it (see EyePupilTracker).
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "pt/geometry.hpp"
#include "pt/image.hpp"
#include "pt/pupil/detector_params.hpp"
#include "pt/pupil/ransac_conic_fitter.hpp"

namespace pt {

struct SearchOutcome {
  std::optional<ConicFit> fit;       // in the coordinates of the searched image
  std::vector<Point2f> edges;        // border points the fit was made from
  std::vector<std::uint8_t> inlier;  // one flag per edge point
  int iterations = 0;
};

class PupilSearch {
 public:
  virtual ~PupilSearch() = default;
  // `image` is the smoothed, reflection-free eye image; `reflections` (same size, may be empty)
  // marks pixels whose gradients must not count as edges; `seed` is where the pupil probably is.
  virtual const SearchOutcome& run(CViewU8 image, CViewU8 reflections, Point2f seed, const DetectorParams& params) = 0;
  [[nodiscard]] virtual const SearchOutcome& outcome() const noexcept = 0;
  // Whether run() depends on `seed`. A search of the whole image (thresholds, a Hough transform)
  // gives the same answer from every seed, so trying several seeds would only repeat it.
  [[nodiscard]] virtual bool uses_seed() const noexcept { return true; }
};

std::unique_ptr<PupilSearch> make_pupil_search(Algorithm algorithm, const DetectorParams& params);

}  // namespace pt
