#pragma once
// Detections compared with ground truth frame by frame and summed into the figures of the
// evaluation (README, "Evaluating against ground truth"): detection rate, centre error within
// 1, 2 and 5 px, the relative criterion of Mompean et al. (2017), diameter error, and false
// detections on frames without a pupil. Overall, by openness (synthetic truth) and by subject.
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "pt/eval/ground_truth.hpp"

namespace pt {

struct DetectedPupil {
  double center_x_px = 0.0;
  double center_y_px = 0.0;
  double diameter_px = 0.0;  // equivalent diameter, as the trace's diameter_px
};

inline constexpr std::array<double, 3> kCenterErrorLimitsPx = {1.0, 2.0, 5.0};
// Of the radius: max(centre error, |radius error|) / truth radius.
inline constexpr std::array<double, 2> kRelativeErrorLimits = {0.05, 0.10};

// The figures for one set of frames. A share is empty when nothing was there to count.
struct ScoreSummary {
  std::uint64_t pupil_frames = 0;  // truth shows a pupil; the shares below are of these frames
  std::uint64_t detected = 0;
  std::array<std::uint64_t, kCenterErrorLimitsPx.size()> center_within{};   // detected, close enough
  std::array<std::uint64_t, kRelativeErrorLimits.size()> relative_within{};  // detected, close enough
  std::optional<double> median_abs_diameter_error_px;                        // over detected frames
  std::uint64_t no_pupil_frames = 0;  // truth shows none (a closed eye)
  std::uint64_t false_detections = 0;

  [[nodiscard]] std::optional<double> detection_rate() const { return share(detected, pupil_frames); }
  [[nodiscard]] std::optional<double> center_within_share(std::size_t i) const {
    return share(center_within[i], pupil_frames);
  }
  [[nodiscard]] std::optional<double> relative_within_share(std::size_t i) const {
    return share(relative_within[i], pupil_frames);
  }
  [[nodiscard]] std::optional<double> false_detection_rate() const { return share(false_detections, no_pupil_frames); }

 private:
  static std::optional<double> share(std::uint64_t part, std::uint64_t whole) {
    if (whole == 0) return std::nullopt;
    return static_cast<double>(part) / static_cast<double>(whole);
  }
};

struct PupilScores {
  ScoreSummary overall;
  // Only from truth that tells them apart (synthetic): the whole pupil border between the lids,
  // or a lid over part of it.
  std::optional<ScoreSummary> open;
  std::optional<ScoreSummary> partial;
  std::vector<std::pair<std::string, ScoreSummary>> subjects;  // in the order first seen
};

class PupilScorer {
 public:
  // One truth row met by the tracker's result for the same frame and eye; no detection when the
  // tracker reported no pupil.
  void add(const TruthRow& truth, const std::optional<DetectedPupil>& detection);
  [[nodiscard]] PupilScores scores() const;

 private:
  class Tally {
   public:
    void add(const TruthRow& truth, const std::optional<DetectedPupil>& detection);
    [[nodiscard]] ScoreSummary summary() const;

   private:
    ScoreSummary counts_;
    std::vector<double> abs_diameter_errors_;
  };

  Tally overall_;
  Tally open_;
  Tally partial_;
  bool saw_openness_ = false;
  std::vector<std::pair<std::string, Tally>> subjects_;
};

}  // namespace pt
