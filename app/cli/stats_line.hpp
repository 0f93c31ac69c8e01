#pragma once
// For long unattended runs (a soak, a night's recording): every few seconds one line on stderr
// with the frames tracked, the rate since the last line, the resident memory and what the source
// counts of its own, so that a slow leak or a rising drop count shows while the run goes on.
#include <cstdio>
#include <functional>
#include <optional>
#include <string>

#include "pt/tracking_run.hpp"

namespace pt::cli {

class StatsLine {
 public:
  // `source_counters` (may be empty) adds the source's own counts, e.g. a camera's drops.
  StatsLine(std::FILE* out, double period_s, std::function<std::string()> source_counters);
  // Writes a line whenever period_s has passed since the last one.
  void update(const RunProgress& progress);

 private:
  std::FILE* out_;
  double period_s_;
  std::function<std::string()> source_counters_;
  double last_s_ = 0.0;
  std::uint64_t last_frames_ = 0;
};

// This process's resident set (VmRSS) in MiB; nothing where /proc is not there to ask.
[[nodiscard]] std::optional<double> resident_mib();

}  // namespace pt::cli
