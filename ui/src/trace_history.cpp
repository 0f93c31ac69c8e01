#include "pt/ui/trace_history.hpp"

namespace pt::ui {

void TraceHistory::append(std::span<const TraceSample> samples) {
  for (const TraceSample& s : samples) {
    if (s.t_s < latest_t_) clear();
    latest_t_ = s.t_s;
    if (per_eye_.size() <= static_cast<std::size_t>(s.eye)) per_eye_.resize(static_cast<std::size_t>(s.eye) + 1);
    per_eye_[static_cast<std::size_t>(s.eye)].push_back(s);
  }
  for (auto& q : per_eye_) {
    while (!q.empty() && q.front().t_s < latest_t_ - window_s_) q.pop_front();
  }
}

void TraceHistory::clear() {
  per_eye_.clear();
  latest_t_ = 0.0;
}

}  // namespace pt::ui
