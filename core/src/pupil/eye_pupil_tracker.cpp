#include "pt/pupil/eye_pupil_tracker.hpp"

#include "pt/pupil/pupil_confidence.hpp"

#include <algorithm>
#include <span>
#include <utility>

namespace pt {

EyePupilTracker::EyePupilTracker(const DetectorParams& params)
    : search_(make_pupil_search(params.algorithm, params)), search_algorithm_(params.algorithm) {}

const SearchOutcome& EyePupilTracker::last_search() const noexcept {
  return best_is_kept_ ? kept_search_ : search_->outcome();
}

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
  const CViewU8 cleaned = std::as_const(cleaned_).view();
  return process_preprocessed({cleaned, std::as_const(mask_).view(), smooth(cleaned, params.smoothing)}, origin, eye,
                              time_s, params);
}

PupilMeasurement EyePupilTracker::process_preprocessed(const Preprocessed& images, Point2f origin, EyeSide eye,
                                                       double time_s, const DetectorParams& params) {
  best_is_kept_ = false;
  searches_ = 0;
  located_ = false;
  // A second call for the same frame (its whole region after its tracking window) is still
  // part of the frame that started the miss.
  if (missing_ && time_s != last_time_s_) ++lost_frames_;
  last_time_s_ = time_s;
  input_ = images;
  const CViewU8 img = images.smoothed;
  if (params.algorithm != search_algorithm_) {
    search_ = make_pupil_search(params.algorithm, params);
    search_algorithm_ = params.algorithm;
  }
  PupilMeasurement m;
  if (previous_centre_) {
    // The previous centre is kept in frame coordinates: the searched view may move between
    // frames (a tracking window follows the pupil).
    const Point2f seed{previous_centre_->x - origin.x, previous_centre_->y - origin.y};
    m = believe(assess(img, seed, params), time_s, params);
  }
  // A pupil that jumped (a saccade faster than the frame rate, a seek, unrelated images) is
  // searched for afresh from the dark blobs rather than given up for this frame. A search that
  // ignores its seed has already given its answer.
  if (!previous_centre_ || (!m.detected && search_->uses_seed())) {
    m = believe(search_->uses_seed() ? most_convincing(img, origin, params) : assess(img, {}, params), time_s, params);
  }
  m.eye = eye;
  m.ellipse.cx += origin.x;
  m.ellipse.cy += origin.y;
  // Only a believed pupil seeds the next frame; after a blink the search starts afresh.
  if (m.detected) {
    previous_centre_ = Point2f{m.ellipse.cx, m.ellipse.cy};
    lost_frames_ = 0;
  } else {
    previous_centre_.reset();
  }
  missing_ = !m.detected;
  input_.outcome = nullptr;  // the caller's, valid for this call only
  return m;
}

EyePupilTracker::Candidate EyePupilTracker::assess(CViewU8 img, Point2f seed, const DetectorParams& params) {
  Candidate c;
  c.seed = seed;
  ++searches_;
  const SearchOutcome& found = search(img, seed, params);
  c.m.edge_points = static_cast<int>(found.edges.size());
  c.m.iterations = found.iterations;
  if (!found.fit) return c;
  const Ellipse& e = found.fit->ellipse;
  const float support = border_support(e, found.edges, found.inlier, input_.mask);
  const float noise = estimate_noise(input_.cleaned, input_.mask, e);
  c.disc = measure_dark_disc(img, input_.mask, e, noise);
  c.m.confidence = pupil_confidence(support, c.disc, noise);
  c.m.inliers = found.fit->inliers;
  c.m.detected = c.m.confidence >= params.min_confidence;
  c.m.ellipse = e;
  return c;
}

const SearchOutcome& EyePupilTracker::search(CViewU8 img, Point2f seed, const DetectorParams& params) {
  if (input_.outcome == nullptr || search_->uses_seed()) return search_->run(img, input_.mask, seed, params);
  kept_search_ = *input_.outcome;
  best_is_kept_ = true;
  return kept_search_;
}

EyePupilTracker::Candidate EyePupilTracker::most_convincing(CViewU8 img, Point2f origin,
                                                            const DetectorParams& params) {
  if (lost_frames_ > 0) return next_while_lost(img, origin, params);
  const std::span<const Point2f> seeds = locate(img, origin, params);
  // A dark spot at the corner of the eye or in the lashes gives a fit as well; the pupil's is
  // the one best supported all round and darkest against what surrounds it.
  auto convincing = [](const Candidate& c) { return c.m.confidence * std::max(c.disc.contrast, 0.0F); };
  Candidate best = assess(img, seeds.front(), params);
  bool best_is_last = true;
  for (const Point2f& seed : seeds.subspan(1, std::min(seeds.size(), kCandidates) - 1)) {
    // The next search replaces the search's own outcome; a copy keeps the best's for
    // last_search(), which is far cheaper than searching again.
    if (best_is_last) kept_search_ = search_->outcome();
    Candidate c = assess(img, seed, params);
    best_is_last = convincing(c) > convincing(best);
    if (best_is_last) best = c;
  }
  best_is_kept_ = !best_is_last;
  return best;
}

EyePupilTracker::Candidate EyePupilTracker::next_while_lost(CViewU8 img, Point2f origin,
                                                            const DetectorParams& params) {
  // Through a long blink, the locator and every candidate's search in each frame cost several
  // tracked frames each, and a live camera runs out of buffers before the eye opens again. The
  // candidates are searched one a frame in turn, from seeds located afresh once a round: a
  // few frames move the pupil by far less than its radius, and each candidate is still tried
  // within kCandidates frames of the pupil's return.
  const std::size_t turn = lost_frames_ % kCandidates;
  const auto inside = [&](Point2f p) {
    return p.x >= origin.x && p.y >= origin.y && p.x < origin.x + static_cast<float>(img.width) &&
           p.y < origin.y + static_cast<float>(img.height);
  };
  const bool stale = turn == 0 || located_seeds_.empty() || !inside(located_seeds_[turn % located_seeds_.size()]);
  if (stale) locate(img, origin, params);
  const Point2f s = located_seeds_[turn % located_seeds_.size()];
  return assess(img, {s.x - origin.x, s.y - origin.y}, params);
}

std::span<const Point2f> EyePupilTracker::locate(CViewU8 img, Point2f origin, const DetectorParams& params) {
  const StarburstParams& sp = params.starburst;
  const std::span<const Point2f> seeds = locator_.locate(img, sp.min_radius_px, sp.max_radius_px);
  located_ = true;
  // Kept in frame coordinates, for the searched view may move between frames.
  located_seeds_.clear();
  for (const Point2f& p : seeds.first(std::min(seeds.size(), kCandidates))) {
    located_seeds_.push_back({p.x + origin.x, p.y + origin.y});
  }
  return seeds;
}

PupilMeasurement EyePupilTracker::believe(const Candidate& c, double time_s, const DetectorParams& params) {
  PupilMeasurement m = c.m;
  m.detected = m.detected &&
               prior_.believes(m.ellipse, c.disc, m.confidence, time_s, params.prior);
  return m;
}

}  // namespace pt
