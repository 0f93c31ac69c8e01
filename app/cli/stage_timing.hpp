#pragma once
#include <chrono>
#include <string>
#include <vector>

namespace pt::cli {

// Per-frame durations of one benchmark stage.
struct StageTiming {
  std::string name;
  std::vector<double> us;

  void add(double micros) { us.push_back(micros); }
  [[nodiscard]] double percentile(double q) const;
  [[nodiscard]] double total_s() const;
  [[nodiscard]] double fps() const;
};

// Wall time of one call in microseconds.
template <class Body>
double time_us(Body&& body) {
  const auto start = std::chrono::steady_clock::now();
  body();
  return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace pt::cli
