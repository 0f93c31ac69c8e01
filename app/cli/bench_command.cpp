#include "cli/bench_command.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <stdexcept>
#include <vector>

#include "cli/backend_report.hpp"
#include "cli/eye_regions.hpp"
#include "cli/frame_size.hpp"
#include "pt/frame_pool.hpp"
#include "pt/io/csv_format.hpp"
#include "pt/pupil/pupil_detector.hpp"
#include "pt/synthetic_eyes.hpp"

namespace pt::cli {
namespace {

using Clock = std::chrono::steady_clock;

struct StageTiming {
  std::string name;
  std::vector<double> us;  // one duration per frame
  double total_s = 0.0;

  [[nodiscard]] double percentile(double q) const {
    std::vector<double> v = us;
    std::sort(v.begin(), v.end());
    return v.empty() ? 0.0 : v[static_cast<std::size_t>(q * static_cast<double>(v.size() - 1))];
  }
  [[nodiscard]] double fps() const { return total_s > 0.0 ? static_cast<double>(us.size()) / total_s : 0.0; }
};

template <class Body>
StageTiming time_frames(const std::string& name, int frames, Body&& body) {
  StageTiming t{name, {}, 0.0};
  t.us.reserve(static_cast<std::size_t>(frames));
  for (int i = 0; i < frames; ++i) {
    const auto start = Clock::now();
    body(i);
    const double us = std::chrono::duration<double, std::micro>(Clock::now() - start).count();
    t.us.push_back(us);
    t.total_s += us * 1e-6;
  }
  return t;
}

void print_table(const std::vector<StageTiming>& stages, double baseline_median_us) {
  std::printf("%-28s %12s %12s %12s %14s\n", "stage", "frames/s", "median us", "p99 us", "x baseline");
  for (const StageTiming& s : stages) {
    std::printf("%-28s %12.0f %12.1f %12.1f %14.1f\n", s.name.c_str(), s.fps(), s.percentile(0.5), s.percentile(0.99),
                baseline_median_us > 0.0 ? s.percentile(0.5) / baseline_median_us : 0.0);
  }
}

void write_json(const std::string& path, const BenchOptions& o, const std::vector<StageTiming>& stages,
                double baseline_median_us) {
  std::ofstream out(path);
  if (!out) throw std::runtime_error("cannot write '" + path + "'");
  out << "{\n  \"size\": \"" << o.size << "\",\n  \"eyes\": " << o.eyes << ",\n  \"frames\": " << o.frames
      << ",\n  \"baseline\": \"memcpy of one frame\",\n  \"stages\": [\n";
  for (std::size_t i = 0; i < stages.size(); ++i) {
    const StageTiming& s = stages[i];
    out << "    {\"name\": \"" << s.name << "\", \"fps\": " << csv_number(s.fps(), 1)
        << ", \"median_us\": " << csv_number(s.percentile(0.5), 2) << ", \"p99_us\": " << csv_number(s.percentile(0.99), 2)
        << ", \"ratio_to_baseline\": " << csv_number(s.percentile(0.5) / std::max(baseline_median_us, 1e-9), 3) << "}"
        << (i + 1 < stages.size() ? ",\n" : "\n");
  }
  out << "  ]\n}\n";
}

}  // namespace

void add_bench_command(CLI::App& app, BenchOptions& o, int& exit_code) {
  CLI::App* cmd = app.add_subcommand("bench", "Time the synthetic camera and the tracker on synthetic frames");
  cmd->add_option("--what", o.what, "render, track or all")->check(CLI::IsMember({"render", "track", "all"}));
  cmd->add_option("--size", o.size, "Frame size WIDTHxHEIGHT")->capture_default_str();
  cmd->add_option("--mode", o.mode, "full frame, or tracking window once found")->check(CLI::IsMember({"full", "window"}));
  cmd->add_option("--eyes", o.eyes, "1 or 2 eyes in the frame")->check(CLI::IsMember({1, 2}));
  cmd->add_option("--frames", o.frames, "Frames timed per stage")->check(CLI::Range(10, 1000000));
  cmd->add_option("--seed", o.seed, "Seed of the synthetic sequence");
  cmd->add_option("--json", o.json, "Also write the figures as JSON");
  cmd->callback([&o, &exit_code] { exit_code = run_bench(o); });
}

int run_bench(const BenchOptions& o) {
  try {
    const auto [w, h] = parse_frame_size(o.size, "--size");
    SyntheticConfig config;
    config.width = w;
    config.height = h;
    config.eyes = o.eyes;
    config.seed = o.seed;
    std::fprintf(stderr, "bench: %dx%d, %d eye(s), %d frames per stage; CUDA: %s\n", w, h, o.eyes, o.frames,
                 cuda_status().c_str());

    // Frames are rendered before any timing starts; the tracker cycles through them.
    constexpr int kDistinctFrames = 200;
    SyntheticEyeRenderer renderer(config);
    std::vector<ImageU8> frames;
    for (int i = 0; i < std::min(o.frames, kDistinctFrames); ++i) {
      frames.emplace_back(w, h);
      (void)renderer.render_next(frames.back().view());
    }
    // The baseline is the least any source must do per frame: copy it once. Measured in the same
    // run, it turns noisy absolute times into ratios that compare across machines.
    ImageU8 sink(w, h);
    std::vector<StageTiming> stages;
    stages.push_back(time_frames("baseline: frame memcpy", o.frames, [&](int i) {
      const ImageU8& f = frames[static_cast<std::size_t>(i) % frames.size()];
      std::memcpy(sink.data(), f.data(), static_cast<std::size_t>(w) * static_cast<std::size_t>(h));
    }));
    if (o.what != "track") {
      SyntheticEyeRenderer timed(config);
      stages.push_back(time_frames("synthetic camera render", o.frames, [&](int) { (void)timed.render_next(sink.view()); }));
    }
    if (o.what != "render") {
      DetectorParams params;
      params.window.enabled = o.mode == "window";
      const std::vector<EyeRegion> regions = eye_regions(w, h, o.eyes, std::nullopt, std::nullopt);
      const auto detector = make_cpu_detector(params, default_cpu_threads(regions.size()));
      FramePool pool(w, h, 2, make_host_allocator());
      std::vector<double> latency;
      StageTiming track{"track " + o.mode + ", " + detector->description(), {}, 0.0};
      for (int i = 0; i < o.frames; ++i) {
        std::optional<Frame> frame = pool.try_acquire();
        const ImageU8& f = frames[static_cast<std::size_t>(i) % frames.size()];
        std::memcpy(frame->pixels().data, f.data(), static_cast<std::size_t>(w) * static_cast<std::size_t>(h));
        const auto start = Clock::now();
        detector->submit(std::move(*frame), regions, params);
        const auto done = detector->collect(true);
        const double us = std::chrono::duration<double, std::micro>(Clock::now() - start).count();
        track.us.push_back(us);
        track.total_s += us * 1e-6;
      }
      stages.push_back(std::move(track));
    }
    const double baseline = stages.front().percentile(0.5);
    print_table(stages, baseline);
    if (!o.json.empty()) write_json(o.json, o, stages, baseline);
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 1;
  }
}

}  // namespace pt::cli
