#include "pt/eval/evaluation_sink.hpp"

#include <algorithm>
#include <cctype>
#include <stdexcept>
#include <string_view>

namespace pt {
namespace {

std::string lower_case(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

bool one_row_per_image(const std::vector<TruthRow>& rows) {
  std::vector<std::string_view> images;
  images.reserve(rows.size());
  for (const TruthRow& r : rows) images.emplace_back(r.image);
  std::sort(images.begin(), images.end());
  return std::adjacent_find(images.begin(), images.end()) == images.end();
}

}  // namespace

EvaluationSink::EvaluationSink(GroundTruth truth)
    : truth_(std::move(truth)), join_on_eye_(!one_row_per_image(truth_.rows)), reached_(truth_.rows.size(), false) {
  for (std::size_t i = 0; i < truth_.rows.size(); ++i) {
    const TruthRow& r = truth_.rows[i];
    const auto [at, added] = row_of_.try_emplace(Key{r.image, join_on_eye_ ? lower_case(r.eye) : std::string()}, i);
    if (!added) {
      throw std::runtime_error("ground truth '" + truth_.path.string() + "' line " + std::to_string(r.line) +
                               " repeats image '" + r.image + "' eye '" + r.eye + "' of line " +
                               std::to_string(truth_.rows[at->second].line));
    }
  }
}

void EvaluationSink::shift_truth(const std::string& source, int dx, int dy) { shifts_[source] = {dx, dy}; }

void EvaluationSink::on_frame(const TrackedFrame& frame) {
  const std::string& source = frame.frame.info().source;
  std::pair<int, int> shift{0, 0};
  if (const auto s = shifts_.find(source); s != shifts_.end()) {
    shift = s->second;
    shifts_.erase(s);
  }
  const std::string image = truth_.keyed_by_frame ? video_frame_key(frame.frame.info().index) : source;
  for (const PupilMeasurement& m : frame.eyes) {
    ++trace_rows_;
    const auto row = row_of_.find(Key{image, join_on_eye_ ? std::string(to_string(m.eye)) : std::string()});
    if (row == row_of_.end()) {
      if (trace_rows_without_truth_++ == 0) first_source_without_truth_ = source;
      continue;
    }
    reached_[row->second] = true;
    TruthRow truth = truth_.rows[row->second];
    truth.center_x_px += shift.first;
    truth.center_y_px += shift.second;
    std::optional<DetectedPupil> detection;
    if (m.detected) {
      detection = DetectedPupil{m.ellipse.cx, m.ellipse.cy, m.ellipse.equivalent_diameter()};
    }
    scorer_.add(truth, detection);
  }
}

EvaluationReport EvaluationSink::report() const {
  EvaluationReport r;
  r.scores = scorer_.scores();
  r.trace_rows = trace_rows_;
  r.trace_rows_without_truth = trace_rows_without_truth_;
  r.first_source_without_truth = first_source_without_truth_;
  r.truth_key_column = truth_.keyed_by_frame ? "video_frame" : "image";
  r.truth_rows = truth_.rows.size();
  r.truth_rows_not_reached = static_cast<std::uint64_t>(std::count(reached_.begin(), reached_.end(), false));
  return r;
}

}  // namespace pt
