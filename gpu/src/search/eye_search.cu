#include "eye_search.hpp"

#include <algorithm>
#include <cmath>

#include "border_levels.cuh"
#include "confidence_measures.cuh"
#include "dark_region_flood.cuh"
#include "edge_list.cuh"
#include "geometric_refinement.cuh"
#include "geometric_scratch.hpp"
#include "../kernel_shared_memory.hpp"
#include "isophote_trace.cuh"
#include "pt/gpu/cuda_check.hpp"
#include "pt/gpu/device_memory.hpp"
#include "pt/pupil/border_sampling.hpp"
#include "pt/pupil/pupil_confidence.hpp"
#include "pt/pupil/ray_sampling.hpp"
#include "pt/pupil/ray_walk.hpp"
#include "pt/reproducible_math.hpp"
#include "ransac_fit.cuh"
#include "ransac_fit_types.hpp"
#include "ray_casting.cuh"
#include "search_block.cuh"
#include "stage_clock.cuh"

namespace pt::gpu::search {
namespace {

struct Limits {
  int edges = 0;  // points one search's rays or its border trace can give
};

Limits limits_for(const DetectorParams& params) { return {std::max(ray_cast_capacity(params.starburst), kBorderRays)}; }

DeviceBuffer<float> on_device(const std::vector<float>& values) {
  DeviceBuffer<float> copy(values.size());
  PT_CUDA_CHECK(cudaMemcpy(copy.data(), values.data(), values.size() * sizeof(float), cudaMemcpyHostToDevice));
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

// Everything a search block reads, by value in the kernel's parameters.
struct Job {
  EyeSearchInput in;
  StarburstParams starburst;
  RansacParams ransac;
  FitModel fit = FitModel::Ellipse;
  float min_confidence = 0.0F;
  PupilPriorParams prior;
  float blur_px = 0.0F;
  const float* unit_samples = nullptr;
  int hypotheses = 0;
  FloodScratch flood;
  EdgeList lists[2];
  RansacScratch ransac_scratch;
  GeometricScratch geometric;
  DeviceTrackState* state = nullptr;
  EyeSearchResult* result = nullptr;
};

// One search's outcome: the fit and which list holds its points.
struct Outcome {
  bool abandoned = false;  // a step the device cannot take as the CPU does (a list too small)
  bool has_fit = false;
  ConicFit fit;
  int list = 0;
  int iterations = 0;
};

__device__ ShapeLimits shape_limits(const Job& job) {
  return {job.starburst.min_radius_px, job.starburst.max_radius_px, job.starburst.max_aspect};
}

// StarburstSearch::place_border: the fit moves onto the isophote midway between the pupil's and
// the iris's grey; `spare` is a free list for the border's points.
__device__ void place_border(const Job& job, Outcome& o, int spare, StageClock& clock) {
  const CViewU8 img = job.in.smoothed;
  const auto levels = block_border_levels(img, job.in.mask, o.fit.ellipse, job.blur_px);
  if (!levels.ok || levels.value.outside <= levels.value.inside) {
    clock.charge(SearchStage::Border);
    return;
  }
  const EdgeList border = job.lists[spare];
  const IsophoteTrace traced = block_trace_isophote(
      img, job.in.mask, o.fit.ellipse, 0.5F * (levels.value.inside + levels.value.outside), kBorderRays, border);
  clock.charge(SearchStage::Border);
  if (!traced.ok) {
    o.abandoned = true;
    return;
  }
  auto refined = block_ransac_fit(border, job.unit_samples, job.hypotheses, job.ransac, job.fit, shape_limits(job),
                                  job.ransac_scratch);
  if (!refined.ok) {
    clock.charge(SearchStage::Fit);
    return;
  }
  if (job.fit == FitModel::Ellipse) {
    refined.fit.ellipse = block_nearest_geometrically(border, refined.fit.ellipse, job.ransac, job.geometric);
  }
  clock.charge(SearchStage::Fit);
  o.fit = refined.fit;
  o.list = spare;
}

// StarburstSearch::search: rays and RANSAC from `centre` until the centre settles, into list `k`.
__device__ Outcome search_from(const Job& job, Point2f centre, const RayCriterion& criterion, int k, int spare,
                             StageClock& clock) {
  const CViewU8 img = job.in.smoothed;
  Outcome o;
  o.list = k;
  for (int it = 0; it < std::max(1, job.starburst.max_iterations); ++it) {
    ++o.iterations;
    const bool cast = block_cast_rays(img, job.in.mask, centre, job.starburst, criterion, job.lists[k]).ok;
    clock.charge(SearchStage::Rays);
    if (!cast) {
      o.abandoned = true;
      return o;
    }
    const auto fitted = block_ransac_fit(job.lists[k], job.unit_samples, job.hypotheses, job.ransac, job.fit,
                                         shape_limits(job), job.ransac_scratch);
    clock.charge(SearchStage::Fit);
    o.has_fit = fitted.ok;
    if (!fitted.ok) break;
    o.fit = fitted.fit;
    const Point2f next{o.fit.ellipse.cx, o.fit.ellipse.cy};
    const float moved = repro::hypot(next.x - centre.x, next.y - centre.y);
    centre = next;
    if (moved < job.starburst.convergence_px || !inside_image(img, centre.x, centre.y)) break;
  }
  if (o.has_fit) place_border(job, o, spare, clock);
  return o;
}

// StarburstSearch::run from `seed`.
__device__ Outcome starburst(const Job& job, Point2f seed, StageClock& clock) {
  const CViewU8 img = job.in.smoothed;
  const StarburstParams& sp = job.starburst;
  const DeviceDarkRegions grown = block_grow_dark_region(img, seed, sp.min_radius_px, sp.max_radius_px, job.flood);
  clock.charge(SearchStage::Flood);
  if (!grown.has_after_wall && !grown.has_earlier) {
    return search_from(job, seed, RayCriterion::steeper_than(sp.edge_threshold, 2.0F * sp.max_radius_px), 0, 1, clock);
  }
  const DarkRegion& main = grown.has_after_wall ? grown.after_wall : grown.earlier;
  Outcome o = search_from(job, main.centroid, border_of(main), 0, 1, clock);
  if (o.abandoned || !grown.has_after_wall || !grown.has_earlier) return o;
  const bool iris_first = block_two_step(img, job.in.mask, o.has_fit, o.fit.ellipse, job.blur_px);
  clock.charge(SearchStage::Border);
  // The lists of the first search are free again: it is replaced.
  if (iris_first) o = search_from(job, grown.earlier.centroid, border_of(grown.earlier), 0, 1, clock);
  return o;
}

__global__ void __launch_bounds__(kSearchThreads) eye_search_kernel(const Job job) {
  __shared__ DeviceTrackState before;
  if (threadIdx.x == 0) before = *job.state;
  __syncthreads();
  EyeSearchResult& r = *job.result;
  if (!before.tracking) {
    if (threadIdx.x == 0) {
      r.searched = false;
      r.found = false;
    }
    return;
  }
  const Point2f seed{before.state.centre.x - job.in.origin.x, before.state.centre.y - job.in.origin.y};
  StageClock clock;
  const Outcome o = starburst(job, seed, clock);
  if (o.abandoned) {
    // The host searches the frame again from where it started, and keeps the eye until it hands it back.
    if (threadIdx.x == 0) {
      job.state->tracking = false;
      r.searched = true;
      r.found = false;
      r.before = before;
    }
    return;
  }
  const EdgeList edges = job.lists[o.list];
  // EyePupilTracker::assess and believe.
  PupilMeasurement m;
  DarkDisc disc;
  m.iterations = o.iterations;
  m.edge_points = *edges.count;
  if (o.has_fit) {
    const Ellipse& e = o.fit.ellipse;
    const float support = block_border_support(e, edges, job.in.mask);
    const float noise = block_estimate_noise(job.in.cleaned, job.in.mask, e);
    disc = block_dark_disc(job.in.smoothed, job.in.mask, e, noise);
    m.confidence = pupil_confidence(support, disc, noise);
    m.inliers = o.fit.inliers;
    m.detected = m.confidence >= job.min_confidence;
    m.ellipse = e;
  }
  clock.charge(SearchStage::Confidence);
  // Copy each edge point back while the block is still here.
  const int n = min(*edges.count, kResultEdges);
  for (int i = static_cast<int>(threadIdx.x); i < n; i += kSearchThreads) {
    r.edges[i] = edges.points[i];
    r.inlier[i] = edges.inlier[i];
  }
  if (threadIdx.x != 0) return;
  DeviceTrackState after = before;
  m.detected = m.detected && after.state.prior.believes(m.ellipse, disc, m.confidence, job.in.time_s, job.prior);
  m.ellipse.cx += job.in.origin.x;
  m.ellipse.cy += job.in.origin.y;
  if (m.detected) {
    after.state.centre = {m.ellipse.cx, m.ellipse.cy};
  } else {
    after.tracking = false;  // the host re-acquires the pupil from the dark blobs
  }
  *job.state = after;
  r.searched = true;
  r.found = m.detected;
  r.before = before;
  r.m = m;
  r.has_fit = o.has_fit;
  r.fit = o.fit;
  r.edge_count = *edges.count;
  clock.report(r.stage_us);
}

}  // namespace

void enqueue_eye_search(cudaStream_t stream, const EyeSearchInput& input, const DetectorParams& params,
                        const EyeSearchBuffers& buffers, DeviceTrackState* state, EyeSearchResult* result) {
  const EyeSearchBuffers::Storage& s = buffers.storage();
  Job job;
  job.in = input;
  job.starburst = params.starburst;
  job.ransac = params.ransac;
  job.fit = params.fit;
  job.min_confidence = params.min_confidence;
  job.prior = params.prior;
  job.blur_px = params.smoothing.blur_reach_px();
  job.unit_samples = s.samples.data();
  job.hypotheses = s.hypotheses;
  // Once: the kernel keeps the attribute. The launch asks no more than the flood uses, so that
  // the rest of the SM's memory caches the image.
  static const int most_shared_bytes = enable_most_shared_memory(reinterpret_cast<const void*>(&eye_search_kernel));
  const int flood_shared_bytes = std::min(most_shared_bytes, s.flood.shared_bytes_wanted());
  job.flood = s.flood.view(flood_shared_bytes);
  for (int k = 0; k < 2; ++k) job.lists[k] = s.list(k);
  job.ransac_scratch = s.ransac_scratch.scratch();
  job.geometric = s.geometric.scratch();
  job.state = state;
  job.result = result;
  eye_search_kernel<<<1, kSearchThreads, flood_shared_bytes, stream>>>(job);
  PT_CUDA_CHECK(cudaGetLastError());
}

}  // namespace pt::gpu::search
