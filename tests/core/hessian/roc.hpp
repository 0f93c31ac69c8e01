#pragma once
// Test-only scoring of a response map against a binary truth: area under the ROC curve, and the
// usual rates at one threshold.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <numeric>
#include <vector>

namespace pt::test {

struct ScoredPixels {
  std::vector<float> scores;
  std::vector<std::uint8_t> positive;  // 1 for a truth pixel
};

// The probability that a random positive scores above a random negative, ties counting half
// (the Mann-Whitney statistic), which equals the area under the ROC curve.
inline double roc_auc(const ScoredPixels& p) {
  std::vector<std::size_t> order(p.scores.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return p.scores[a] < p.scores[b]; });
  double positive_rank_sum = 0.0;
  double positives = 0.0;
  for (std::size_t i = 0; i < order.size();) {
    std::size_t j = i;
    double group_positives = 0.0;
    while (j < order.size() && p.scores[order[j]] == p.scores[order[i]]) group_positives += p.positive[order[j++]];
    const double mean_rank = 0.5 * static_cast<double>(i + 1 + j);  // ranks i+1 .. j
    positive_rank_sum += group_positives * mean_rank;
    positives += group_positives;
    i = j;
  }
  const double negatives = static_cast<double>(order.size()) - positives;
  return (positive_rank_sum - positives * (positives + 1.0) / 2.0) / (positives * negatives);
}

struct ThresholdRates {
  double accuracy = 0.0;
  double sensitivity = 0.0;  // share of positives at or above the threshold
  double specificity = 0.0;  // share of negatives below it
};

inline ThresholdRates rates_at(const ScoredPixels& p, float threshold) {
  double tp = 0.0;
  double tn = 0.0;
  double positives = 0.0;
  for (std::size_t i = 0; i < p.scores.size(); ++i) {
    const bool detected = p.scores[i] >= threshold;
    positives += p.positive[i];
    if (p.positive[i] != 0) {
      tp += detected ? 1.0 : 0.0;
    } else {
      tn += detected ? 0.0 : 1.0;
    }
  }
  const double total = static_cast<double>(p.scores.size());
  return {(tp + tn) / total, tp / positives, tn / (total - positives)};
}

}  // namespace pt::test
