#pragma once
// The figures of an evaluation as a table for people and as JSON for scripts. The JSON keys are
// listed in the README ("Evaluating against ground truth") and stay stable.
#include <cstdint>
#include <optional>
#include <string>

#include "pt/eval/evaluation_sink.hpp"

namespace pt::cli {

struct CanvasSetting {
  int width = 0;
  int height = 0;
  std::uint64_t seed = 0;
};

// What was evaluated, for the head of the JSON.
struct EvalSubject {
  std::string input;         // the source's description
  std::string ground_truth;  // the truth file as given
  std::optional<CanvasSetting> canvas;
};

// Overall, then by openness where the truth tells it, then per subject where there are several.
[[nodiscard]] std::string format_score_table(const EvaluationReport& report);

[[nodiscard]] std::string format_score_json(const EvaluationReport& report, const EvalSubject& subject);

}  // namespace pt::cli
