#include "cli/stage_timing.hpp"

#include <algorithm>
#include <numeric>

namespace pt::cli {

double StageTiming::percentile(double q) const {
  if (us.empty()) return 0.0;
  std::vector<double> v = us;
  const auto k = static_cast<std::size_t>(q * static_cast<double>(v.size() - 1));
  std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(k), v.end());
  return v[k];
}

double StageTiming::total_s() const { return std::accumulate(us.begin(), us.end(), 0.0) * 1e-6; }

double StageTiming::fps() const {
  const double t = total_s();
  return t > 0.0 ? static_cast<double>(us.size()) / t : 0.0;
}

}  // namespace pt::cli
