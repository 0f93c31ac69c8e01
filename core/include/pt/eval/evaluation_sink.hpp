#pragma once
// Scores a tracking run as it happens: each eye of each tracked frame meets the truth row of the
// same image (or, for truth keyed by frame, of the same frame index). Truth with one row per image (the ITMO set: one eye per crop, its `eye` naming the
// subject's eye) joins on the image alone; truth with a row per eye (synthetic) joins on image
// and eye.
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "pt/eval/ground_truth.hpp"
#include "pt/eval/pupil_scores.hpp"
#include "pt/io/result_sink.hpp"

namespace pt {

struct EvaluationReport {
  PupilScores scores;
  std::uint64_t trace_rows = 0;                // eye results the tracker produced
  std::uint64_t trace_rows_without_truth = 0;  // of those, with no truth row to meet
  std::string first_source_without_truth;       // for messages about names that do not match
  std::string truth_key_column;                 // the truth's column that names images or frames
  std::uint64_t truth_rows = 0;
  std::uint64_t truth_rows_not_reached = 0;    // e.g. the input had fewer frames
  [[nodiscard]] std::uint64_t matched_rows() const noexcept { return trace_rows - trace_rows_without_truth; }
};

class EvaluationSink final : public ResultSink {
 public:
  // Throws std::runtime_error naming the file and line of a second row for the same image and eye.
  explicit EvaluationSink(GroundTruth truth);

  // The frame labelled `source` was drawn shifted by (dx, dy) (canvas placement): its truth
  // moves with it. Call before the frame's results arrive.
  void shift_truth(const std::string& source, int dx, int dy);

  void on_frame(const TrackedFrame& frame) override;
  [[nodiscard]] EvaluationReport report() const;

 private:
  using Key = std::pair<std::string, std::string>;  // image, and lower-case eye where joined on it

  GroundTruth truth_;
  bool join_on_eye_ = false;
  std::map<Key, std::size_t> row_of_;
  std::vector<bool> reached_;
  std::map<std::string, std::pair<int, int>> shifts_;
  PupilScorer scorer_;
  std::uint64_t trace_rows_ = 0;
  std::uint64_t trace_rows_without_truth_ = 0;
  std::string first_source_without_truth_;
};

}  // namespace pt
