#include "cli/progress_line.hpp"

#include <unistd.h>

#include <algorithm>
#include <cmath>

#include "pt/io/csv_format.hpp"

namespace pt::cli {

ProgressLine::ProgressLine(std::FILE* out) : out_(out), terminal_(isatty(fileno(out)) != 0) {}

std::string ProgressLine::render(const RunProgress& p, const std::string& detail) {
  const double fps = p.elapsed_s > 0.0 ? static_cast<double>(p.frames) / p.elapsed_s : 0.0;
  std::string line;
  if (p.total && *p.total > 0) {
    constexpr int kWidth = 24;
    const double frac = std::clamp(static_cast<double>(p.frames) / static_cast<double>(*p.total), 0.0, 1.0);
    const int filled = static_cast<int>(std::lround(frac * kWidth));
    line.reserve(96);
    line.append("[").append(static_cast<std::size_t>(filled), '#').append(static_cast<std::size_t>(kWidth - filled), ' ');
    line.append("] ").append(std::to_string(static_cast<int>(frac * 100.0))).append("% ");
    line.append(std::to_string(p.frames)).append("/").append(std::to_string(*p.total)).append(" frames");
  } else {
    line = std::to_string(p.frames) + " frames";
  }
  line += ", " + csv_number(fps, 0) + " fps";
  if (!detail.empty()) line += ", " + detail;
  return line;
}

void ProgressLine::update(const RunProgress& progress, const std::string& detail) {
  if (terminal_) {
    std::fprintf(out_, "\r\033[K%s", render(progress, detail).c_str());
    drawn_ = true;
  } else if (progress.elapsed_s - last_plain_s_ >= 5.0) {
    std::fprintf(out_, "%s\n", render(progress, detail).c_str());
    last_plain_s_ = progress.elapsed_s;
  }
  std::fflush(out_);
}

void ProgressLine::finish() {
  if (terminal_ && drawn_) std::fputc('\n', out_);
  drawn_ = false;
  std::fflush(out_);
}

}  // namespace pt::cli
