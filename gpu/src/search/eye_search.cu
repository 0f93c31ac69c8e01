#include "eye_search.hpp"

#include <algorithm>
#include <memory>
#include <vector>

#include "../kernel_shared_memory.hpp"
#include "eye_search_graph.hpp"
#include "eye_search_tail.hpp"
#include "search_job_slot.hpp"
#include "eye_search_steps.cuh"
#include "staged_views.cuh"
#include "pt/gpu/cuda_check.hpp"
#include "pt/gpu/device_memory.hpp"

namespace pt::gpu::search {
namespace {

struct Limits {
  int edges = 0;  // points one search's rays or its border trace can give
};

Limits limits_for(const DetectorParams& params) { return {std::max(ray_cast_capacity(params.starburst), kBorderRays)}; }

DeviceBuffer<float> on_device(const std::vector<float>& values) {
  DeviceBuffer<float> copy(values.size());
  upload_now(copy.data(), values.data(), values.size() * sizeof(float));
  return copy;
}

}  // namespace

struct EyeSearchBuffers::Storage {
  Storage(int max_width, int max_height, const DetectorParams& params)
      : limits(limits_for(params)),
        ransac(params.ransac),
        hypotheses(std::max(1, params.ransac.hypotheses)),
        samples(on_device(RansacConicFitter::unit_samples(params.ransac))),
        flood(max_width, max_height),
        points(2 * static_cast<std::size_t>(limits.edges)),
        flags(2 * static_cast<std::size_t>(limits.edges)),
        counts(2),
        ransac_scratch(static_cast<std::size_t>(limits.edges), params.ransac),
        geometric(static_cast<std::size_t>(limits.edges)) {}
  [[nodiscard]] EdgeList list(int k) const noexcept {
    const auto at = static_cast<std::size_t>(k) * static_cast<std::size_t>(limits.edges);
    return {points.data() + at, flags.data() + at, counts.data() + k, limits.edges};
  }

  Limits limits;
  RansacParams ransac;
  int hypotheses;  // index sets of RansacConicFitter::kSampleSize uniforms in `samples`
  DeviceBuffer<float> samples;
  FloodScratchBuffers flood;
  DeviceBuffer<Point2f> points;  // two edge lists: the rays', the border's
  DeviceBuffer<std::uint8_t> flags;
  DeviceBuffer<int> counts;
  RansacScratchBuffers ransac_scratch;
  GeometricScratchBuffers geometric;
  std::unique_ptr<SearchGraph> graph;     // made for the first search launched as a graph
  std::unique_ptr<SearchJobSlot> chain;  // for the first search launched as a tail-launched chain
};

EyeSearchBuffers::EyeSearchBuffers(int max_width, int max_height, const DetectorParams& params)
    : storage_(std::make_unique<Storage>(max_width, max_height, params)) {}
EyeSearchBuffers::~EyeSearchBuffers() = default;

bool EyeSearchBuffers::serves(const DetectorParams& params) const noexcept {
  const Storage& s = *storage_;
  return limits_for(params).edges <= s.limits.edges && params.ransac.hypotheses == s.ransac.hypotheses &&
         params.ransac.seed == s.ransac.seed;
}

bool device_search_supports(const DetectorParams& params) {
  return params.algorithm == Algorithm::Starburst && params.starburst.rays <= kMaxFirstStageRays;
}

namespace {

// The whole search in one launch: its steps one after another in one block.
__global__ void __launch_bounds__(kSearchThreads) eye_search_kernel(const SearchJob job) { run_whole_search(job); }

// The searches of one launch_eye_searches() kernel: a frame's eyes, binocular or a few more.
constexpr int kJointSearches = 8;
struct JointJobs {
  SearchJob job[kJointSearches];
};
static_assert(sizeof(JointJobs) <= 4096, "the jobs must fit in the 4 KB of parameters every CUDA version takes");

// A block an eye. __grid_constant__: each block reads its job where the parameters lie, without
// a copy of them all for each thread.
__global__ void __launch_bounds__(kSearchThreads) joint_search_kernel(const __grid_constant__ JointJobs jobs) {
  run_whole_search(jobs.job[blockIdx.x]);
}

// The job of one search, its flood given the shared memory the block's kernel (with at most
// `most_shared_bytes` to give) asks for it: no more than the flood uses, so that the rest of the
// SM's memory caches the image. (A launch asks for more only where a step stages a window.)
SearchJob search_job(const EyeSearchInput& input, const DetectorParams& params, const EyeSearchBuffers& buffers,
                     DeviceTrackState* state, ResultDestination to, int most_shared_bytes) {
  EyeSearchBuffers::Storage& s = buffers.storage();
  SearchJob job;
  job.in = input;
  job.starburst = params.starburst;
  job.ransac = params.ransac;
  job.fit = params.fit;
  job.min_confidence = params.min_confidence;
  job.prior = params.prior;
  job.blur_px = params.smoothing.blur_reach_px();
  job.unit_samples = s.samples.data();
  job.hypotheses = s.hypotheses;
  job.flood = s.flood.view(std::min(most_shared_bytes, s.flood.shared_bytes_wanted()));
  for (int k = 0; k < 2; ++k) job.lists[k] = s.list(k);
  job.ransac_scratch = s.ransac_scratch.scratch();
  job.geometric = s.geometric.scratch();
  job.state = state;
  job.result = to.result;
  job.serial = to.serial;
  return job;
}

// The dynamic shared memory a kernel that takes search steps is given to stage their images in
// (staged_views.cuh), where they fit in the `most_shared_bytes` it can have; else none.
int step_shared_bytes(const EyeSearchInput& input, int most_shared_bytes) {
  const int bytes = staged_views_bytes(input.smoothed.width, input.smoothed.height, !input.mask.empty());
  return bytes <= most_shared_bytes ? bytes : 0;
}

}  // namespace

void enqueue_eye_search(cudaStream_t stream, const EyeSearchInput& input, const DetectorParams& params,
                        const EyeSearchBuffers& buffers, DeviceTrackState* state, ResultDestination to,
                        DeviceLoop loop) {
  EyeSearchBuffers::Storage& s = buffers.storage();
  // Once: the kernel keeps the attribute.
  static const int most_shared_bytes = enable_most_shared_memory(reinterpret_cast<const void*>(&eye_search_kernel));
  const SearchJob job = search_job(input, params, buffers, state, to, most_shared_bytes);
  const int flood_shared_bytes = job.flood.shared_bytes;
  const int step_bytes = step_shared_bytes(input, most_shared_bytes);
  if (loop == DeviceLoop::Graph) {
    if (!s.graph || !s.graph->serves(flood_shared_bytes, step_bytes)) {
      // A graph with room for a larger window's images serves smaller ones, so the graph is made
      // again only as the window grows, not whenever its size steps.
      const int room = s.graph ? std::max(step_bytes, s.graph->step_shared_bytes()) : step_bytes;
      s.graph = std::make_unique<SearchGraph>(flood_shared_bytes, room);
    }
    s.graph->launch(stream, job);
    return;
  }
  if (loop == DeviceLoop::TailLaunch) {
    static const int most_chain_bytes = enable_most_shared_memory(tail_chain_first_kernel());
    if (flood_shared_bytes > most_chain_bytes) throw CudaError("tail-launched search: the flood asks too much shared memory");
    if (!s.chain) s.chain = std::make_unique<SearchJobSlot>();
    s.chain->put(stream, job);
    PT_CUDA_CHECK(launch_tail_chain(stream, s.chain->job(), s.chain->progress(), flood_shared_bytes,
                                    step_shared_bytes(input, tail_chain_most_step_bytes())));
    return;
  }
  eye_search_kernel<<<1, kSearchThreads, std::max(flood_shared_bytes, step_bytes), stream>>>(job);
  PT_CUDA_CHECK(cudaGetLastError());
}

void launch_eye_searches(cudaStream_t stream, std::span<const EyeSearchRequest> eyes, const DetectorParams& params) {
  static const int most_shared_bytes = enable_most_shared_memory(reinterpret_cast<const void*>(&joint_search_kernel));
  for (std::size_t first = 0; first < eyes.size(); first += kJointSearches) {
    const std::span<const EyeSearchRequest> some = eyes.subspan(first, std::min<std::size_t>(kJointSearches, eyes.size() - first));
    JointJobs jobs;
    int shared_bytes = 0;
    cudaStream_t waited = stream;  // every eye's work is enqueued by now: one wait a stream covers it
    for (std::size_t k = 0; k < some.size(); ++k) {
      const EyeSearchRequest& r = some[k];
      if (r.stream != stream && r.stream != waited) {
        PT_CUDA_CHECK(cudaEventRecord(r.ready, r.stream));
        PT_CUDA_CHECK(cudaStreamWaitEvent(stream, r.ready, 0));
        waited = r.stream;
      }
      jobs.job[k] = search_job(r.input, params, *r.buffers, r.state, r.to, most_shared_bytes);
      shared_bytes = std::max({shared_bytes, jobs.job[k].flood.shared_bytes, step_shared_bytes(r.input, most_shared_bytes)});
    }
    joint_search_kernel<<<static_cast<unsigned>(some.size()), kSearchThreads, shared_bytes, stream>>>(jobs);
    PT_CUDA_CHECK(cudaGetLastError());
    for (const EyeSearchRequest& r : some) {
      if (r.done != nullptr) PT_CUDA_CHECK(cudaEventRecord(r.done, stream));
    }
  }
}

}  // namespace pt::gpu::search
