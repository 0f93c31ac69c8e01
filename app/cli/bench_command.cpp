#include "cli/bench_command.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <memory>
#include <stdexcept>
#include <vector>

#include "cli/backend_report.hpp"
#include "cli/cuda_preprocessing_bench.hpp"
#include "cli/cuda_track_bench.hpp"
#include "cli/detector_feed.hpp"
#include "cli/eye_regions.hpp"
#include "cli/frame_size.hpp"
#include "cli/hessian_bench.hpp"
#include "cli/number_checks.hpp"
#include "cli/opencv_preprocessing_bench.hpp"
#include "cli/pipeline_stages_bench.hpp"
#include "cli/stage_timing.hpp"
#include "cli/tracker_options.hpp"
#include "pt/frame_pool.hpp"
#include "pt/io/csv_format.hpp"
#include "pt/pupil/pupil_detector.hpp"
#include "pt/synthetic_eyes.hpp"

namespace pt::cli {
namespace {

void print_table(const std::vector<StageTiming>& stages, double baseline_median_us) {
  std::printf("%-36s %10s %11s %11s %11s\n", "stage", "frames/s", "median us", "p99 us", "x baseline");
  for (const StageTiming& s : stages) {
    std::printf("%-36s %10.0f %11.1f %11.1f %11.2f\n", s.name.c_str(), s.fps(), s.percentile(0.5), s.percentile(0.99),
                s.percentile(0.5) / std::max(baseline_median_us, 1e-9));
  }
}

void write_json(const std::string& path, const BenchOptions& o, const std::vector<StageTiming>& stages,
                double baseline_median_us) {
  std::ofstream out(path);
  if (!out) throw std::runtime_error("cannot write '" + path + "'");
  out << "{\n  \"size\": \"" << o.size << "\",\n  \"eyes\": " << o.eyes << ",\n  \"frames\": " << o.frames
      << ",\n  \"mode\": \"" << o.mode << "\",\n  \"algorithm\": \"" << o.algorithm
      << "\",\n  \"reflections\": \"" << o.reflections << "\",\n  \"baseline\": \"memcpy of one frame\",\n  \"stages\": [\n";
  for (std::size_t i = 0; i < stages.size(); ++i) {
    const StageTiming& s = stages[i];
    out << "    {\"name\": \"" << s.name << "\", \"fps\": " << csv_number(s.fps(), 1)
        << ", \"median_us\": " << csv_number(s.percentile(0.5), 2) << ", \"p99_us\": " << csv_number(s.percentile(0.99), 2)
        << ", \"ratio_to_baseline\": " << csv_number(s.percentile(0.5) / std::max(baseline_median_us, 1e-9), 3) << "}"
        << (i + 1 < stages.size() ? ",\n" : "\n");
  }
  out << "  ]\n}\n";
  if (!out.flush()) throw std::runtime_error("writing '" + path + "' failed");
}

// The detector is fed as a camera would feed it: from pooled buffers (filled before timing
// starts, so no copy is timed) with as many frames in flight as it takes. A frame's time is the
// interval since the previous result, so the times add up to the run's wall time; latency from
// submit to result is its own row.
std::vector<StageTiming> time_end_to_end(const std::vector<ImageU8>& frames, const std::vector<EyeRegion>& regions,
                                         const DetectorParams& params, const BenchOptions& o) {
  const auto detector = make_cpu_detector(params, default_cpu_threads(regions.size()));
  FramePool pool(frames.front().width(), frames.front().height(), frames.size(), make_host_allocator());
  std::vector<Frame> filled;  // filled[i] holds frames[i] while it is not in the detector
  for (const ImageU8& f : frames) {
    filled.push_back(*pool.try_acquire());
    copy_pixels(f.view(), filled.back().pixels());
  }
  const std::string name = "track " + o.mode + " (" + o.algorithm + "), " + detector->description();
  StageTiming interval{name, {}};
  StageTiming latency{"latency: submit to result", {}};
  auto last = std::chrono::steady_clock::now();
  auto take = [&] {
    std::optional<TrackedFrame> done = detector->collect(true);
    const auto now = std::chrono::steady_clock::now();
    interval.add(std::chrono::duration<double, std::micro>(now - last).count());
    last = now;
    latency.add(done->latency_us);
    filled[done->frame.info().index] = std::move(done->frame);
  };
  for (int i = 0; i < o.frames; ++i) {
    const std::size_t index = back_and_forth(static_cast<std::size_t>(i), filled.size());
    Frame& frame = filled[index];
    while (detector->in_flight() >= detector->max_in_flight() || !frame.valid()) take();
    frame.info().index = index;
    frame.info().timestamp_s = static_cast<double>(i) / 500.0;
    detector->submit(std::move(frame), regions, params);
  }
  while (detector->in_flight() > 0) take();
  return {interval, latency};
}

// The detector as the options choose it: their algorithm and reflection handling, else defaults.
DetectorParams detector_params(const BenchOptions& o) {
  DetectorParams params;
  params.algorithm = parse_algorithm(o.algorithm);
  apply_reflections_choice(o.reflections, params.reflections);
  return params;
}

}  // namespace

void add_bench_command(CLI::App& app, BenchOptions& o, int& exit_code) {
  CLI::App* cmd = app.add_subcommand("bench", "Time the synthetic camera and the tracker on synthetic frames");
  cmd->add_option("--what", o.what, "render, track, preprocess, hessian or all")
      ->check(CLI::IsMember({"render", "track", "preprocess", "hessian", "all"}));
  cmd->add_option("--backend", o.backend, "cpu, or cuda (with --what track, preprocess or hessian)")
      ->check(CLI::IsMember({"cpu", "cuda"}));
  CLI::Option* size = cmd->add_option("--size", o.size, "Frame size WIDTHxHEIGHT (hessian: default 3504x2336)")
                          ->capture_default_str();
  cmd->add_option("--mode", o.mode,
                  "full frame, or tracking window once found; --backend cuda --what track: latency, throughput or window")
      ->check(CLI::IsMember({"full", "window", "latency", "throughput"}));
  add_algorithm_option(*cmd, o.algorithm);
  add_reflections_option(*cmd, o.reflections);
  cmd->add_option("--eyes", o.eyes, "1 or 2 eyes in the frame")->check(CLI::IsMember({1, 2}));
  cmd->add_option("--frames", o.frames, "Frames timed per stage")->check(CLI::Range(10, 1000000));
  cmd->add_option("--segments", o.segments,
                  "--what track, --backend cpu --mode full or --backend cuda --mode throughput or window: also cut the frames "
                  "into this many stretches, tracked at once, each by its own detector from its own first frame "
                  "(offline replay)")
      ->check(CLI::Range(1, 256));
  cmd->add_option("--seed", o.seed, "Seed of the synthetic sequence")->check(non_negative_number());
  cmd->add_option("--json", o.json, "Also write the figures as JSON");
  cmd->callback([&o, &exit_code, size] {
    if (o.what == "hessian") {
      exit_code = run_hessian_bench(size->count() > 0 ? o.size : "3504x2336", o.backend == "cuda");
      return;
    }
    exit_code = run_bench(o);
  });
}

int run_bench(const BenchOptions& o) {
  try {
    const bool cut_cpu = o.backend == "cpu" && o.mode == "full";
    const bool cut_cuda = o.backend == "cuda" && (o.mode == "throughput" || o.mode == "window");
    if (o.segments > 1 && (o.what != "track" || !(cut_cpu || cut_cuda))) {
      throw std::invalid_argument("--segments cuts the frames into stretches tracked at once: it times --what track "
                                  "--backend cpu --mode full, or --backend cuda --mode throughput or window");
    }
    if (o.segments > o.frames) throw std::invalid_argument("--segments: more stretches than --frames");
    const auto [w, h] = parse_frame_size(o.size, "--size");
    SyntheticConfig config;
    config.width = w;
    config.height = h;
    config.eyes = o.eyes;
    config.seed = o.seed;
    std::fprintf(stderr, "bench: %dx%d, %d eye(s), %d frames per stage, %s mode, %s, reflections %s; CUDA: %s\n", w, h,
                 o.eyes, o.frames, o.mode.c_str(), o.algorithm.c_str(), o.reflections.c_str(), cuda_status().c_str());

    // Frames are rendered before any timing starts; the stages cycle through them. Consecutive
    // frames are 2 ms apart, as from a 500 frames/s camera.
    constexpr int kDistinctFrames = 200;
    config.fps = 500.0;
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
    stages.push_back({"baseline: frame memcpy", {}});
    for (int i = 0; i < o.frames; ++i) {
      const ImageU8& f = frames[static_cast<std::size_t>(i) % frames.size()];
      stages.back().add(time_us([&] { std::memcpy(sink.data(), f.data(), static_cast<std::size_t>(w) * static_cast<std::size_t>(h)); }));
    }
    if (o.backend == "cuda" && o.what == "track") {
      const std::vector<EyeRegion> regions = eye_regions(w, h, o.eyes, std::nullopt, std::nullopt);
      for (auto& s : time_cuda_tracking(frames, regions, detector_params(o), o.mode, o.frames, o.segments)) stages.push_back(std::move(s));
    } else if (o.backend == "cuda" && o.what != "preprocess") {
      throw std::runtime_error("--backend cuda times --what track or preprocess");
    }
    if (o.what == "preprocess") {
      const std::vector<EyeRegion> regions = eye_regions(w, h, o.eyes, std::nullopt, std::nullopt);
      for (auto& s : time_preprocessing(frames, regions, detector_params(o), o.frames, o.backend == "cuda")) {
        stages.push_back(std::move(s));
      }
    }
    if (o.what == "render" || o.what == "all") {
      SyntheticEyeRenderer timed(config);
      stages.push_back({"synthetic camera render", {}});
      for (int i = 0; i < o.frames; ++i) stages.back().add(time_us([&] { (void)timed.render_next(sink.view()); }));
    }
    if ((o.what == "track" && o.backend == "cpu") || o.what == "all") {
      DetectorParams params = detector_params(o);
      params.window.enabled = o.mode == "window";
      const std::vector<EyeRegion> regions = eye_regions(w, h, o.eyes, std::nullopt, std::nullopt);
      const std::vector<StageTiming> one_pass = time_end_to_end(frames, regions, params, o);
      stages.insert(stages.end(), one_pass.begin(), one_pass.end());
      if (o.segments > 1) {
        std::vector<std::unique_ptr<PupilDetector>> detectors;
        std::vector<PupilDetector*> stretches;
        for (int s = 0; s < o.segments; ++s) {
          detectors.push_back(make_cpu_detector(params, 1));
          stretches.push_back(detectors.back().get());
        }
        Timed cut = drive_segments(frames, regions, params, o.frames, stretches, [] { return make_host_allocator(); },
                                   "track full, " + detectors.front()->description());
        std::fprintf(stderr, "bench: %d stretches at once / one pass: frames/s %.3f\n", o.segments,
                     cut.interval.fps() / one_pass.front().fps());
        stages.push_back(std::move(cut.interval));
        stages.push_back(std::move(cut.latency));
      }
      if (o.mode == "full") {
        std::vector<StageTiming> parts = time_pipeline_stages(frames, regions, params, o.frames);
        const std::optional<StageTiming> opencv = time_opencv_preprocessing(frames, regions, params, o.frames);
        if (opencv) {
          StageTiming ours{"ours: reflections+gaussian", {}};
          for (std::size_t i = 0; i < parts[0].us.size(); ++i) ours.add(parts[0].us[i] + parts[1].us[i]);
          std::fprintf(stderr, "preprocessing, ours / OpenCV's (median, one thread): %.2f\n",
                       ours.percentile(0.5) / opencv->percentile(0.5));
          parts.push_back(std::move(ours));
          parts.push_back(*opencv);
        }
        for (auto& p : parts) stages.push_back(std::move(p));
      }
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
