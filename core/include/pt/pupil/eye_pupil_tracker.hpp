#pragma once
// The whole CPU pipeline for one eye: reflection removal, smoothing, seed choice (previous
// centre, else the darkest blob), Starburst with RANSAC, confidence. It keeps the previous
// centre between frames, so one tracker serves one eye of one stream.
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "pt/image.hpp"
#include "pt/imgproc/gaussian_filter.hpp"
#include "pt/imgproc/median_filter.hpp"
#include "pt/pupil/dark_blob_locator.hpp"
#include "pt/pupil/detector_params.hpp"
#include "pt/pupil/pupil_measurement.hpp"
#include "pt/pupil/pupil_confidence.hpp"
#include "pt/pupil/pupil_prior.hpp"
#include "pt/pupil/reflection_remover.hpp"
#include "pt/pupil/pupil_search.hpp"

namespace pt {

class EyePupilTracker {
 public:
  explicit EyePupilTracker(const DetectorParams& params);

  // `pixels` is the eye's region of the frame; `origin` its top-left in the frame, so that the
  // returned ellipse is in frame coordinates. `time_s` is the frame's timestamp.
  PupilMeasurement process(CViewU8 pixels, Point2f origin, EyeSide eye, double time_s, const DetectorParams& params);

  // An eye region preprocessed elsewhere (the CUDA backend) exactly as process() would: all
  // three images have the region's size and must stay valid until the next call.
  struct Preprocessed {
    CViewU8 cleaned;   // reflections filled
    CViewU8 mask;      // 255 on reflections (and their halos)
    CViewU8 smoothed;  // what the search reads
    // A seedless search's outcome on these images, found elsewhere (the device's thresholding
    // and labeling): used instead of running the search here. Must stay valid as the images.
    const SearchOutcome* outcome = nullptr;
  };
  // process() after its preprocessing: seeds, search, confidence, prior.
  PupilMeasurement process_preprocessed(const Preprocessed& images, Point2f origin, EyeSide eye, double time_s,
                                        const DetectorParams& params);
  void forget_previous() noexcept {
    previous_centre_.reset();
    forget_misses();
    prior_.forget();
  }
  // The next frame is searched from `centre` (frame coordinates) first, as if the pupil had
  // been seen there; the pupil remembered so far is forgotten, for the user knows better.
  void seed_at(Point2f centre) noexcept {
    previous_centre_ = centre;
    forget_misses();
    prior_.forget();
  }

  // Where a tracked eye stands between frames: all that the next frame's search from the
  // previous centre needs. Another backend (the CUDA search) goes on tracking from it, and
  // hands it back when a frame needs what only this tracker does (re-acquisition).
  struct TrackingState {
    Point2f centre;  // frame coordinates
    PupilPrior prior;
  };
  // The state after the last call, when that call found the pupil.
  [[nodiscard]] std::optional<TrackingState> tracking_state() const noexcept {
    if (!previous_centre_ || missing_) return std::nullopt;
    return TrackingState{*previous_centre_, prior_};
  }
  // Goes on from a state handed over, as if this tracker had found the pupil in the frame before.
  void resume(const TrackingState& state) noexcept {
    previous_centre_ = state.centre;
    prior_ = state.prior;
    forget_misses();
  }

  // The preprocessed image of the last call (for overlays and tests).
  [[nodiscard]] CViewU8 preprocessed() const noexcept { return input_.smoothed; }
  [[nodiscard]] CViewU8 reflection_mask() const noexcept { return input_.mask; }
  // The border search of the last call; empty before the first.
  [[nodiscard]] const SearchOutcome& last_search() const noexcept;
  // Border searches the last call ran: what its frame cost, for tests and statistics.
  [[nodiscard]] int searches() const noexcept { return searches_; }
  // Whether the last call ran the dark-blob locator, the costliest part of a frame without a pupil.
  [[nodiscard]] bool located() const noexcept { return located_; }

 private:
  CViewU8 smooth(CViewU8 cleaned, const SmoothingParams& params);
  // A search's result judged on its own (confidence), before the pupil prior has its say.
  // Ellipse in the image's coordinates.
  struct Candidate {
    Point2f seed;
    PupilMeasurement m;
    DarkDisc disc;
  };
  // Dark blobs tried as seeds at most, the likeliest first; all of them in the first frame
  // without a pupil, one a frame in turn while it stays lost (next_while_lost()).
  static constexpr std::size_t kCandidates = 3;

  Candidate assess(CViewU8 img, Point2f seed, const DetectorParams& params);
  // The search's outcome from `seed`: its own run, or the one the caller brought (Preprocessed).
  const SearchOutcome& search(CViewU8 img, Point2f seed, const DetectorParams& params);
  // The best judged of the searches from the dark blobs of the image; `origin` as in process().
  Candidate most_convincing(CViewU8 img, Point2f origin, const DetectorParams& params);
  // The one search of a frame while the pupil stays lost.
  Candidate next_while_lost(CViewU8 img, Point2f origin, const DetectorParams& params);
  // The dark blobs of the image, the likeliest first; the first kCandidates also kept.
  std::span<const Point2f> locate(CViewU8 img, Point2f origin, const DetectorParams& params);
  // The candidate as the pupil prior sees it; a believed one is learnt from.
  PupilMeasurement believe(const Candidate& c, double time_s, const DetectorParams& params);
  void forget_misses() noexcept {
    missing_ = false;
    lost_frames_ = 0;
  }

  ReflectionRemover reflections_;
  std::unique_ptr<GaussianFilter> gaussian_;
  int gaussian_size_ = 0;
  double gaussian_sigma_ = 0.0;
  MedianFilter median_;
  DarkBlobLocator locator_;
  std::unique_ptr<PupilSearch> search_;
  Algorithm search_algorithm_ = Algorithm::Invalid;
  ImageU8 cleaned_;
  ImageU8 mask_;
  ImageU8 smooth_;
  Preprocessed input_;  // what the current call searches: the buffers above, or the caller's
  std::optional<Point2f> previous_centre_;  // frame coordinates
  bool missing_ = false;          // the last call found no pupil
  std::size_t lost_frames_ = 0;   // frames before this one since the pupil was last found
  double last_time_s_ = 0.0;      // timestamp of the last call
  int searches_ = 0;              // border searches of the last call
  bool located_ = false;          // the last call ran the locator
  std::vector<Point2f> located_seeds_;  // the locator's latest candidates, frame coordinates
  PupilPrior prior_;
  // The best candidate's search when a later one was tried after it, or the one brought in.
  SearchOutcome kept_search_;
  bool best_is_kept_ = false;
};

}  // namespace pt
