#include "cli/stats_line.hpp"

#include <fstream>
#include <utility>

namespace pt::cli {

StatsLine::StatsLine(std::FILE* out, double period_s, std::function<std::string()> source_counters)
    : out_(out), period_s_(period_s), source_counters_(std::move(source_counters)) {}

void StatsLine::update(const RunProgress& progress) {
  if (progress.elapsed_s - last_s_ < period_s_) return;
  const double fps = static_cast<double>(progress.frames - last_frames_) / (progress.elapsed_s - last_s_);
  const std::optional<double> rss = resident_mib();
  std::fprintf(out_, "stats: %.0f s, %llu frames tracked, %.0f fps, resident %.1f MiB%s%s\n", progress.elapsed_s,
               static_cast<unsigned long long>(progress.frames), fps, rss.value_or(0.0),
               source_counters_ ? "; " : "", source_counters_ ? source_counters_().c_str() : "");
  std::fflush(out_);
  last_s_ = progress.elapsed_s;
  last_frames_ = progress.frames;
}

std::optional<double> resident_mib() {
  std::ifstream status("/proc/self/status");
  std::string key;
  while (status >> key) {
    if (key == "VmRSS:") {
      double kib = 0.0;
      if (status >> kib) return kib / 1024.0;
      return std::nullopt;
    }
    status.ignore(4096, '\n');
  }
  return std::nullopt;
}

}  // namespace pt::cli
