#include "cli/cuda_track_bench.hpp"

#include <chrono>
#include <cstdio>
#include <memory>
#include <optional>
#include <stdexcept>

#include "cli/backend_report.hpp"
#include "pt/frame_pool.hpp"

#if defined(PT_HAVE_CUDA)
#include "pt/gpu/cuda_device_probe.hpp"
#include "pt/gpu/cuda_pupil_detector.hpp"
#include "pt/gpu/pinned_allocator.hpp"
#endif

namespace pt::cli {
namespace {

#if defined(PT_HAVE_CUDA)

using Clock = std::chrono::steady_clock;

// The frames, copied once into buffers of `allocator`'s pool; a buffer is in the detector or here.
class FilledFrames {
 public:
  FilledFrames(const std::vector<ImageU8>& frames, std::shared_ptr<HostAllocator> allocator)
      : pool_(frames.front().width(), frames.front().height(), frames.size(), std::move(allocator)) {
    for (const ImageU8& f : frames) {
      held_.push_back(*pool_.try_acquire());
      copy_pixels(f.view(), held_.back().pixels());
    }
  }
  [[nodiscard]] std::size_t size() const noexcept { return held_.size(); }
  [[nodiscard]] bool here(std::size_t i) const noexcept { return held_[i % held_.size()].valid(); }
  Frame take(std::size_t i) { return std::move(held_[i % held_.size()]); }
  void give_back(Frame f) {
    const std::size_t i = f.info().index % held_.size();
    held_[i] = std::move(f);
  }

 private:
  FramePool pool_;
  std::vector<Frame> held_;
};

struct Timed {
  StageTiming interval;
  StageTiming latency;
};

// Keeps the detector as full as it allows; `collected` sees each result before its frame goes back.
template <class OnResult>
Timed drive(PupilDetector& detector, FilledFrames& frames, const std::vector<EyeRegion>& regions,
            const DetectorParams& params, int count, const std::string& name, OnResult&& collected) {
  Timed t{{name, {}}, {name + ": latency", {}}};
  Clock::time_point last = Clock::now();
  const auto take = [&] {
    std::optional<TrackedFrame> done = detector.collect(true);
    const Clock::time_point now = Clock::now();
    t.interval.add(std::chrono::duration<double, std::micro>(now - last).count());
    last = now;
    t.latency.add(done->latency_us);
    collected();
    frames.give_back(std::move(done->frame));
  };
  for (int i = 0; i < count; ++i) {
    const auto k = static_cast<std::size_t>(i);
    while (detector.in_flight() >= detector.max_in_flight() || !frames.here(k)) take();
    Frame f = frames.take(k);
    f.info().index = k;
    f.info().timestamp_s = static_cast<double>(i) / 500.0;  // a 500 frames/s camera, as the frames were rendered
    detector.submit(std::move(f), regions, params);
  }
  while (detector.in_flight() > 0) take();
  return t;
}

// Frames in flight in throughput and window mode: enough for the host's search of one frame to
// overlap the copies and kernels of the next ones.
constexpr int kInFlight = 4;

// The stages of the CUDA detector as `options` configure it, one frame at a time so that they do
// not overlap: device events cost a little, so they are kept out of the end-to-end passes.
std::vector<StageTiming> time_stages(FilledFrames& pinned, const std::vector<EyeRegion>& regions,
                                     const DetectorParams& params, gpu::CudaDetectorOptions options, int count) {
  options.max_in_flight = 1;
  options.time_stages = true;
  const auto staged = gpu::make_cuda_detector(params, options);
  const std::string search = options.device_search ? "device search" : "host search";
  std::vector<StageTiming> stages{{"cuda stage, " + search + ": H2D (slower eye)", {}},
                                  {"cuda stage, " + search + ": preprocessing (slower eye)", {}},
                                  {"cuda stage, " + search + ": D2H, or device search + result (slower eye)", {}},
                                  {"cuda stage, " + search + ": search on the host (both eyes)", {}}};
  if (options.device_search) {
    for (const char* part : gpu::search::kSearchStageNames) {
      stages.push_back({std::string("cuda device search: ") + part + " (slower eye)", {}});
    }
  }
  (void)drive(*staged, pinned, regions, params, count, "staged", [&] {
    const gpu::CudaStageTimes s = staged->last_stage_times();
    stages[0].add(s.upload_us);
    stages[1].add(s.preprocess_us);
    stages[2].add(s.download_us);
    stages[3].add(s.search_us);
    for (std::size_t k = 0; options.device_search && k < s.device_search_us.size(); ++k) {
      stages[4 + k].add(s.device_search_us[k]);
    }
  });
  return stages;
}

std::vector<StageTiming> time_on_device(const std::vector<ImageU8>& images, const std::vector<EyeRegion>& regions,
                                        DetectorParams params, const std::string& mode, int count) {
  const gpu::CudaDeviceProbe probe = gpu::probe_cuda_device();
  if (!probe.usable) throw std::runtime_error("--backend cuda: no usable CUDA device (" + probe.reason + ")");
  params.window.enabled = mode == "window";
  const int threads = default_cpu_threads(regions.size());
  gpu::CudaDetectorOptions options;
  options.max_in_flight = mode == "latency" ? 1 : kInFlight;
  options.search_threads = threads;
  const auto nothing = [] {};

  FilledFrames host(images, make_host_allocator());
  const auto cpu = make_cpu_detector(params, threads);
  const Timed on_cpu = drive(*cpu, host, regions, params, count, "track " + mode + ", " + cpu->description(), nothing);

  FilledFrames pinned(images, gpu::make_pinned_allocator());
  options.device_search = true;
  const auto cuda = gpu::make_cuda_detector(params, options);
  const Timed on_cuda = drive(*cuda, pinned, regions, params, count, "track " + mode + ", " + cuda->description(), nothing);
  const gpu::CudaSearchCounts searched = cuda->search_counts();

  // The same search with its iterations launched the other ways this build has (device_loop.hpp);
  // only Starburst's search loops.
  const gpu::DeviceLoop chosen =
      gpu::device_loop_built(options.device_loop) ? options.device_loop : gpu::DeviceLoop::Persistent;
  std::vector<std::pair<gpu::DeviceLoop, Timed>> loops;
  for (const gpu::DeviceLoop loop : {gpu::DeviceLoop::Graph, gpu::DeviceLoop::Persistent, gpu::DeviceLoop::TailLaunch}) {
    if (params.algorithm != Algorithm::Starburst || loop == chosen || !gpu::device_loop_built(loop)) continue;
    options.device_loop = loop;
    const auto looped = gpu::make_cuda_detector(params, options);
    loops.emplace_back(loop, drive(*looped, pinned, regions, params, count, "track " + mode + ", " + looped->description(),
                                   nothing));
  }
  options.device_loop = chosen;

  // The same backend with every search on the host: what moving the search to the device gains.
  options.device_search = false;
  const auto hosted = gpu::make_cuda_detector(params, options);
  const Timed on_hosted =
      drive(*hosted, pinned, regions, params, count, "track " + mode + ", " + hosted->description(), nothing);
  options.device_search = true;

  std::vector<StageTiming> stages = time_stages(pinned, regions, params, options, count);
  options.device_search = false;
  for (StageTiming& s : time_stages(pinned, regions, params, options, count)) stages.push_back(std::move(s));

  std::fprintf(stderr, "bench: CUDA device %s (compute %d.%d); track %s mode, CPU / CUDA: frames/s %.3f, latency p50 %.2f, p99 %.2f\n",
               probe.device_name.c_str(), probe.compute_major, probe.compute_minor, mode.c_str(),
               on_cpu.interval.fps() / on_cuda.interval.fps(),
               on_cpu.latency.percentile(0.5) / on_cuda.latency.percentile(0.5),
               on_cpu.latency.percentile(0.99) / on_cuda.latency.percentile(0.99));
  std::fprintf(stderr, "bench: eyes found by the device's search %llu, searched on the host %llu; "
               "CUDA with host search / CUDA: frames/s %.3f\n",
               static_cast<unsigned long long>(searched.device), static_cast<unsigned long long>(searched.host),
               on_hosted.interval.fps() / on_cuda.interval.fps());
  std::vector<StageTiming> rows{on_cpu.interval, on_cpu.latency, on_cuda.interval, on_cuda.latency};
  for (auto& [loop, timed] : loops) {
    std::fprintf(stderr, "bench: device search in a %s loop / in the default %s loop: frames/s %.3f, "
                 "latency p50 %.3f, p99 %.3f\n",
                 std::string(to_string(loop)).c_str(), std::string(to_string(chosen)).c_str(),
                 timed.interval.fps() / on_cuda.interval.fps(),
                 timed.latency.percentile(0.5) / on_cuda.latency.percentile(0.5),
                 timed.latency.percentile(0.99) / on_cuda.latency.percentile(0.99));
    rows.push_back(std::move(timed.interval));
    rows.push_back(std::move(timed.latency));
  }
  rows.push_back(on_hosted.interval);
  rows.push_back(on_hosted.latency);
  for (StageTiming& s : stages) rows.push_back(std::move(s));
  return rows;
}

#endif

}  // namespace

std::vector<StageTiming> time_cuda_tracking(const std::vector<ImageU8>& frames, const std::vector<EyeRegion>& regions,
                                            DetectorParams params, const std::string& mode, int count) {
  if (mode != "latency" && mode != "throughput" && mode != "window") {
    throw std::invalid_argument("--backend cuda --what track: --mode latency, throughput or window");
  }
#if defined(PT_HAVE_CUDA)
  return time_on_device(frames, regions, std::move(params), mode, count);
#else
  (void)frames;
  (void)regions;
  (void)params;
  (void)count;
  throw std::runtime_error("--backend cuda: this build has no CUDA backend (configured without nvcc)");
#endif
}

}  // namespace pt::cli
