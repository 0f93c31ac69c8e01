#pragma once
// The last few seconds of each eye's trace, as the plots draw them.
#include <deque>
#include <span>
#include <vector>

#include "pt/ui/trace_ring.hpp"

namespace pt::ui {

class TraceHistory {
 public:
  explicit TraceHistory(double window_s = 10.0) : window_s_(window_s) {}
  // Samples arrive in time order; a jump back in time (a new source) starts afresh.
  void append(std::span<const TraceSample> samples);
  void clear();
  [[nodiscard]] double window_s() const noexcept { return window_s_; }
  [[nodiscard]] double latest_t() const noexcept { return latest_t_; }
  [[nodiscard]] int eyes() const noexcept { return static_cast<int>(per_eye_.size()); }
  [[nodiscard]] const std::deque<TraceSample>& eye(int i) const { return per_eye_[static_cast<std::size_t>(i)]; }

 private:
  double window_s_;
  double latest_t_ = 0.0;
  std::vector<std::deque<TraceSample>> per_eye_;
};

}  // namespace pt::ui
