#include "cli/cuda_track_bench.hpp"

#include <cstdio>
#include <memory>
#include <stdexcept>

#include "cli/backend_report.hpp"
#include "cli/detector_feed.hpp"

#if defined(PT_HAVE_CUDA)
#include "pt/gpu/cuda_device_probe.hpp"
#include "pt/gpu/cuda_pupil_detector.hpp"
#include "pt/gpu/pinned_allocator.hpp"
#endif

namespace pt::cli {
namespace {

#if defined(PT_HAVE_CUDA)

// Frames in flight in throughput mode: enough for the host's search of one frame to overlap the
// copies and kernels of the next ones. Window mode keeps one, as track does: each window is
// placed from the frame before.
constexpr int kInFlight = 4;

// CudaStageTimes as rows: the copies and the preprocessing, then the parts of the device search.
// `where` tells runs apart in the row names.
class StageRows {
 public:
  StageRows(const std::string& where, bool device_search) : device_search_(device_search) {
    const std::string stage = "cuda stage" + where + ", " + (device_search ? "device search" : "host search");
    rows_ = {{stage + ": H2D (slower eye)", {}},
             {stage + ": preprocessing (slower eye)", {}},
             {stage + ": D2H, or device search + result (slower eye)", {}},
             {stage + ": search on the host (both eyes)", {}}};
    if (device_search) {
      for (const char* part : gpu::search::kSearchStageNames) {
        rows_.push_back({"cuda device search" + where + ": " + part + " (slower eye)", {}});
      }
    }
  }

  void add(const gpu::CudaStageTimes& s) {
    rows_[0].add(s.upload_us);
    rows_[1].add(s.preprocess_us);
    rows_[2].add(s.download_us);
    rows_[3].add(s.search_us);
    for (std::size_t k = 0; device_search_ && k < s.device_search_us.size(); ++k) rows_[4 + k].add(s.device_search_us[k]);
  }

  std::vector<StageTiming> take() { return std::move(rows_); }

 private:
  bool device_search_;
  std::vector<StageTiming> rows_;
};

// The stages of the CUDA detector as `options` configure it, one frame at a time so that they do
// not overlap: device events cost a little, so they are kept out of the end-to-end passes.
std::vector<StageTiming> time_stages(FilledFrames& pinned, const std::vector<EyeRegion>& regions,
                                     const DetectorParams& params, gpu::CudaDetectorOptions options, int count) {
  options.max_in_flight = 1;
  options.time_stages = true;
  const auto staged = gpu::make_cuda_detector(params, options);
  StageRows rows("", options.device_search);
  (void)drive(*staged, pinned, regions, params, count, "staged", [&] { rows.add(staged->last_stage_times()); });
  return rows.take();
}

// Both backends over the frames cut into `segments` stretches tracked at once (drive_segments).
struct Segmented {
  Timed cpu;
  Timed cuda;         // each detector on few streams, as track --segments runs them
  Timed eye_streams;  // each eye of each frame in flight on a stream of its own
  gpu::CudaSearchCounts searched;  // by the few-stream CUDA detectors, over the timed frames
  std::vector<StageTiming> stages;  // the CUDA stages while the stretches share the device
};

// A CUDA detector for each stretch, and the same as drive_segments takes them.
struct StretchDetectors {
  StretchDetectors(const DetectorParams& params, const gpu::CudaDetectorOptions& options, int segments) {
    for (int s = 0; s < segments; ++s) {
      each.push_back(gpu::make_cuda_detector(params, options));
      on.push_back(each.back().get());
    }
  }
  std::vector<std::unique_ptr<gpu::CudaPupilDetector>> each;
  std::vector<PupilDetector*> on;
};

// The CUDA stretches once more, with device events around each stage: how long each takes while
// the stretches share the device, beside time_stages' one frame at a time. The wait for an eye's
// previous search, and for the frame's other eye (its preprocessing, and its search in the same
// launch), counts in its device search here. The events cost a few us a frame, so the
// frames/s rows come from the run without them.
std::vector<StageTiming> time_stages_in_segments(const std::vector<ImageU8>& images,
                                                 const std::vector<EyeRegion>& regions, const DetectorParams& params,
                                                 int count, int segments, gpu::CudaDetectorOptions options) {
  options.time_stages = true;
  const StretchDetectors cudas(params, options, segments);
  std::vector<std::vector<gpu::CudaStageTimes>> times(cudas.each.size());
  (void)drive_segments(images, regions, params, count, cudas.on, [] { return gpu::make_pinned_allocator(); }, "staged",
                       [] {}, [&](std::size_t s) { times[s].push_back(cudas.each[s]->last_stage_times()); });
  StageRows rows(", " + std::to_string(segments) + " stretches at once", options.device_search);
  for (const auto& stretch : times) {
    for (const gpu::CudaStageTimes& t : stretch) rows.add(t);
  }
  return rows.take();
}

// The CUDA stretches, a detector each made with `options`.
struct CudaStretches {
  Timed timed;
  gpu::CudaSearchCounts searched;  // over the timed frames
};

CudaStretches time_cuda_stretches(const std::vector<ImageU8>& images, const std::vector<EyeRegion>& regions,
                                  const DetectorParams& params, const std::string& mode, int count, int segments,
                                  const gpu::CudaDetectorOptions& options) {
  const StretchDetectors cudas(params, options, segments);
  const auto counted = [&] {
    gpu::CudaSearchCounts c;
    for (const auto& d : cudas.each) {
      c.device += d->search_counts().device;
      c.host += d->search_counts().host;
    }
    return c;
  };
  gpu::CudaSearchCounts warm;  // the warm-up's, taken off
  CudaStretches out;
  out.timed = drive_segments(images, regions, params, count, cudas.on, [] { return gpu::make_pinned_allocator(); },
                             "track " + mode + ", " + cudas.each.front()->description(), [&] { warm = counted(); });
  const gpu::CudaSearchCounts all = counted();
  out.searched = {all.device - warm.device, all.host - warm.host};
  return out;
}

Segmented time_in_segments(const std::vector<ImageU8>& images, const std::vector<EyeRegion>& regions,
                           const DetectorParams& params, const std::string& mode, int count, int segments,
                           gpu::CudaDetectorOptions options) {
  // Each CUDA stretch's detector is set up as the same replay's (track --segments): a host search
  // thread an eye, for the pupils the device loses, and as many frames in flight. The CPU's
  // stretches keep one thread each, so that K of them keep K cores busy, as K CUDA stretches do.
  options.max_in_flight = cuda_frames_in_flight(params, kCudaFramesInFlightPerStretch);
  options.yield_while_waiting = stretches_outnumber_cores(segments);
  std::vector<std::unique_ptr<PupilDetector>> cpus;
  for (int s = 0; s < segments; ++s) cpus.push_back(make_cpu_detector(params, 1));
  Segmented out;
  std::vector<PupilDetector*> on;
  for (const auto& d : cpus) on.push_back(d.get());
  out.cpu = drive_segments(images, regions, params, count, on, [] { return make_host_allocator(); },
                           "track " + mode + ", " + cpus.front()->description());
  out.eye_streams = time_cuda_stretches(images, regions, params, mode, count, segments, options).timed;
  // As track --segments runs them: at two streams each, 16 stretches fit the device's 32 hardware
  // queues, and at one (with a tracking window) 32 do.
  options.few_streams = true;
  CudaStretches few = time_cuda_stretches(images, regions, params, mode, count, segments, options);
  out.cuda = std::move(few.timed);
  out.searched = few.searched;
  out.stages = time_stages_in_segments(images, regions, params, count, segments, options);
  return out;
}

std::vector<StageTiming> time_on_device(const std::vector<ImageU8>& images, const std::vector<EyeRegion>& regions,
                                        DetectorParams params, const std::string& mode, int count, int segments) {
  const gpu::CudaDeviceProbe probe = gpu::probe_cuda_device();
  if (!probe.usable) throw std::runtime_error("--backend cuda: no usable CUDA device (" + probe.reason + ")");
  params.window.enabled = mode == "window";
  const int threads = default_cpu_threads(regions.size());
  gpu::CudaDetectorOptions options;
  options.max_in_flight = mode == "latency" ? 1 : cuda_frames_in_flight(params, kInFlight);
  options.search_threads = threads;

  FilledFrames pinned(images, gpu::make_pinned_allocator());
  options.device_search = true;
  const auto cuda = gpu::make_cuda_detector(params, options);
  const Timed on_cuda = drive(*cuda, pinned, regions, params, count, "track " + mode + ", " + cuda->description());
  const gpu::CudaSearchCounts searched = cuda->search_counts();
  const std::string run = "bench: CUDA device " + probe.device_name + " (compute " + std::to_string(probe.compute_major) +
                          "." + std::to_string(probe.compute_minor) + "); track " + mode + " mode";
  std::vector<StageTiming> rows;
  if (segments == 1) {
    FilledFrames host(images, make_host_allocator());
    const auto cpu = make_cpu_detector(params, threads);
    const Timed on_cpu = drive(*cpu, host, regions, params, count, "track " + mode + ", " + cpu->description());
    std::fprintf(stderr, "%s, CPU / CUDA: frames/s %.3f, latency p50 %.2f, p99 %.2f\n", run.c_str(),
                 on_cpu.interval.fps() / on_cuda.interval.fps(),
                 on_cpu.latency.percentile(0.5) / on_cuda.latency.percentile(0.5),
                 on_cpu.latency.percentile(0.99) / on_cuda.latency.percentile(0.99));
    rows = {on_cpu.interval, on_cpu.latency};
  } else {
    // The stretches stand in for the CPU's one pass, the longest run of all.
    const Segmented cut = time_in_segments(images, regions, params, mode, count, segments, options);
    std::fprintf(stderr, "%s, %d stretches at once: CPU / CUDA: frames/s %.3f; CUDA in stretches / in one pass: "
                 "frames/s %.3f; eyes of the stretches found by the device's search %llu, searched on the host %llu\n",
                 run.c_str(), segments, cut.cpu.interval.fps() / cut.cuda.interval.fps(),
                 cut.cuda.interval.fps() / on_cuda.interval.fps(), static_cast<unsigned long long>(cut.searched.device),
                 static_cast<unsigned long long>(cut.searched.host));
    std::fprintf(stderr, "%s, %d stretches at once: few streams a detector / one an eye and frame in flight: "
                 "frames/s %.3f\n",
                 run.c_str(), segments, cut.cuda.interval.fps() / cut.eye_streams.interval.fps());
    rows = {cut.cpu.interval,         cut.cpu.latency,         cut.cuda.interval, cut.cuda.latency,
            cut.cuda.submit,          cut.eye_streams.interval, cut.eye_streams.latency};
    for (const StageTiming& s : cut.stages) rows.push_back(s);
  }
  rows.push_back(on_cuda.interval);
  rows.push_back(on_cuda.latency);
  rows.push_back(on_cuda.submit);

  // The same search with its iterations launched the other ways this build has (device_loop.hpp);
  // only Starburst's search loops.
  const gpu::DeviceLoop chosen =
      gpu::device_loop_built(options.device_loop) ? options.device_loop : gpu::DeviceLoop::Persistent;
  std::vector<std::pair<gpu::DeviceLoop, Timed>> loops;
  for (const gpu::DeviceLoop loop : {gpu::DeviceLoop::Graph, gpu::DeviceLoop::Persistent, gpu::DeviceLoop::TailLaunch}) {
    if (params.algorithm != Algorithm::Starburst || loop == chosen || !gpu::device_loop_built(loop)) continue;
    options.device_loop = loop;
    const auto looped = gpu::make_cuda_detector(params, options);
    loops.emplace_back(loop, drive(*looped, pinned, regions, params, count, "track " + mode + ", " + looped->description()));
  }
  options.device_loop = chosen;

  // The same backend with every search on the host: what moving the search to the device gains.
  options.device_search = false;
  const auto hosted = gpu::make_cuda_detector(params, options);
  const Timed on_hosted =
      drive(*hosted, pinned, regions, params, count, "track " + mode + ", " + hosted->description());
  options.device_search = true;

  std::vector<StageTiming> stages = time_stages(pinned, regions, params, options, count);
  options.device_search = false;
  for (StageTiming& s : time_stages(pinned, regions, params, options, count)) stages.push_back(std::move(s));

  std::fprintf(stderr, "bench: eyes found by the device's search %llu, searched on the host %llu; "
               "CUDA with host search / CUDA: frames/s %.3f\n",
               static_cast<unsigned long long>(searched.device), static_cast<unsigned long long>(searched.host),
               on_hosted.interval.fps() / on_cuda.interval.fps());
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
                                            DetectorParams params, const std::string& mode, int count, int segments) {
  if (mode != "latency" && mode != "throughput" && mode != "window") {
    throw std::invalid_argument("--backend cuda --what track: --mode latency, throughput or window");
  }
  if (segments > 1 && mode == "latency") {
    throw std::invalid_argument("--segments cuts a replay into stretches tracked at once: it needs --mode throughput or window");
  }
#if defined(PT_HAVE_CUDA)
  return time_on_device(frames, regions, std::move(params), mode, count, segments);
#else
  (void)frames;
  (void)regions;
  (void)params;
  (void)count;
  (void)segments;
  throw std::runtime_error("--backend cuda: this build has no CUDA backend (configured without nvcc)");
#endif
}

}  // namespace pt::cli
