#include "pt/pupil/eye_pupil_tracker.hpp"

#include "pt/pupil/pupil_confidence.hpp"

#include <utility>

namespace pt {

EyePupilTracker::EyePupilTracker(const DetectorParams& params)
    : search_(make_pupil_search(params.algorithm, params)), search_algorithm_(params.algorithm) {}

const SearchOutcome& EyePupilTracker::last_search() const noexcept { return search_->outcome(); }

CViewU8 EyePupilTracker::smooth(CViewU8 cleaned, const SmoothingParams& params) {
  switch (params.kind) {
    case Smoothing::Gaussian:
      if (!gaussian_ || gaussian_size_ != params.gaussian_size || gaussian_sigma_ != params.gaussian_sigma) {
        gaussian_ = std::make_unique<GaussianFilter>(params.gaussian_size, params.gaussian_sigma);
        gaussian_size_ = params.gaussian_size;
        gaussian_sigma_ = params.gaussian_sigma;
      }
      smooth_.resize(cleaned.width, cleaned.height);
      gaussian_->apply(cleaned, smooth_.view());
      return smooth_.view();
    case Smoothing::Median:
      smooth_.resize(cleaned.width, cleaned.height);
      median_.apply(cleaned, smooth_.view(), params.median_radius);
      return smooth_.view();
    case Smoothing::None:
    case Smoothing::Invalid:
      break;
  }
  smooth_.resize(cleaned.width, cleaned.height);
  copy_pixels(cleaned, smooth_.view());
  return smooth_.view();
}

PupilMeasurement EyePupilTracker::process(CViewU8 pixels, Point2f origin, EyeSide eye, double time_s,
                                          const DetectorParams& params) {
  cleaned_.resize(pixels.width, pixels.height);
  mask_.resize(pixels.width, pixels.height);
  reflections_.apply(pixels, cleaned_.view(), mask_.view(), params.reflections);
  const CViewU8 img = smooth(std::as_const(cleaned_).view(), params.smoothing);
  if (params.algorithm != search_algorithm_) {
    search_ = make_pupil_search(params.algorithm, params);
    search_algorithm_ = params.algorithm;
  }
  const StarburstParams& sp = params.starburst;
  PupilMeasurement m;
  if (previous_centre_) {
    // The previous centre is kept in frame coordinates: the searched view may move between
    // frames (a tracking window follows the pupil).
    m = measure(img, Point2f{previous_centre_->x - origin.x, previous_centre_->y - origin.y}, time_s, params);
  }
  // A pupil that jumped (a saccade faster than the frame rate, a seek, unrelated images) is
  // searched for afresh from the darkest blob rather than given up for this frame.
  if (!m.detected) m = measure(img, locator_.locate(img, sp.min_radius_px, sp.max_radius_px), time_s, params);
  m.eye = eye;
  m.ellipse.cx += origin.x;
  m.ellipse.cy += origin.y;
  // Only a believed pupil seeds the next frame; after a blink the search starts afresh.
  if (m.detected) {
    previous_centre_ = Point2f{m.ellipse.cx, m.ellipse.cy};
  } else {
    previous_centre_.reset();
  }
  return m;
}

PupilMeasurement EyePupilTracker::measure(CViewU8 img, Point2f seed, double time_s, const DetectorParams& params) {
  PupilMeasurement m;
  const SearchOutcome& found = search_->run(img, std::as_const(mask_).view(), seed, params);
  m.edge_points = static_cast<int>(found.edges.size());
  m.iterations = found.iterations;
  if (!found.fit) return m;
  const Ellipse& e = found.fit->ellipse;
  const float support = border_support(e, found.edges, found.inlier);
  const float noise = estimate_noise(std::as_const(cleaned_).view(), std::as_const(mask_).view(), e);
  const DarkDisc disc = measure_dark_disc(img, e, noise);
  m.confidence = pupil_confidence(support, disc, noise);
  m.inliers = found.fit->inliers;
  m.detected = m.confidence >= params.min_confidence;
  const float diameter = e.equivalent_diameter();
  if (m.detected && !prior_.agrees(diameter, disc, time_s, params.prior)) m.detected = false;
  if (m.detected) prior_.learn(diameter, disc, m.confidence, time_s, params.prior);
  m.ellipse = e;
  return m;
}

}  // namespace pt
