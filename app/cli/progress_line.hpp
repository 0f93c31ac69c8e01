#pragma once
#include <cstdio>
#include <string>
#include <vector>

#include "pt/tracking_run.hpp"

namespace pt::cli {

// The one-line live status on stderr: a bar when the length is known, a counter otherwise.
// On a terminal it redraws in place; into a file or pipe it writes a line every few seconds.
class ProgressLine {
 public:
  explicit ProgressLine(std::FILE* out);
  void update(const RunProgress& progress, const std::string& detail);
  void finish();

  [[nodiscard]] static std::string render(const RunProgress& progress, const std::string& detail);

 private:
  std::FILE* out_;
  bool terminal_;
  bool drawn_ = false;
  double last_plain_s_ = -1e9;
};

}  // namespace pt::cli
