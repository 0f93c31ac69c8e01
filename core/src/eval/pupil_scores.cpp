#include "pt/eval/pupil_scores.hpp"

#include <algorithm>
#include <cmath>

namespace pt {
namespace {

std::optional<double> median(std::vector<double> values) {
  if (values.empty()) return std::nullopt;
  const std::size_t mid = values.size() / 2;
  std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(mid), values.end());
  if (values.size() % 2 == 1) return values[mid];
  const double upper = values[mid];
  const double lower = *std::max_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(mid));
  return 0.5 * (lower + upper);
}

}  // namespace

void PupilScorer::Tally::add(const TruthRow& truth, const std::optional<DetectedPupil>& detection) {
  if (!truth.pupil_visible()) {
    ++counts_.no_pupil_frames;
    if (detection) ++counts_.false_detections;
    return;
  }
  ++counts_.pupil_frames;
  if (!detection) return;
  ++counts_.detected;
  const double center_error =
      std::hypot(detection->center_x_px - truth.center_x_px, detection->center_y_px - truth.center_y_px);
  const double truth_radius = 0.5 * truth.diameter_px;
  const double radius_error = std::abs(0.5 * detection->diameter_px - truth_radius);
  const double relative_error = std::max(center_error, radius_error) / truth_radius;
  for (std::size_t i = 0; i < kCenterErrorLimitsPx.size(); ++i) {
    counts_.center_within[i] += center_error <= kCenterErrorLimitsPx[i] ? 1 : 0;
  }
  for (std::size_t i = 0; i < kRelativeErrorLimits.size(); ++i) {
    counts_.relative_within[i] += relative_error <= kRelativeErrorLimits[i] ? 1 : 0;
  }
  abs_diameter_errors_.push_back(2.0 * radius_error);
}

ScoreSummary PupilScorer::Tally::summary() const {
  ScoreSummary s = counts_;
  s.median_abs_diameter_error_px = median(abs_diameter_errors_);
  return s;
}

void PupilScorer::add(const TruthRow& truth, const std::optional<DetectedPupil>& detection) {
  overall_.add(truth, detection);
  if (truth.openness == EyeOpenness::Open) open_.add(truth, detection);
  if (truth.openness == EyeOpenness::Partial) partial_.add(truth, detection);
  saw_openness_ = saw_openness_ || truth.openness != EyeOpenness::Invalid;
  auto subject = std::find_if(subjects_.begin(), subjects_.end(), [&](const auto& s) { return s.first == truth.subject; });
  if (subject == subjects_.end()) subject = subjects_.insert(subjects_.end(), {truth.subject, Tally{}});
  subject->second.add(truth, detection);
}

PupilScores PupilScorer::scores() const {
  PupilScores out;
  out.overall = overall_.summary();
  if (saw_openness_) {
    out.open = open_.summary();
    out.partial = partial_.summary();
  }
  out.subjects.reserve(subjects_.size());
  for (const auto& [name, tally] : subjects_) out.subjects.emplace_back(name, tally.summary());
  return out;
}

}  // namespace pt
