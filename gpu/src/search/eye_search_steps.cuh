#pragma once
// The device search (EyePupilTracker's search of a tracked eye) as steps that one block takes:
// begin_search() reads the eye's state and floods from its centre, each search_step() casts the
// rays once and fits them, placing the border once the centre settles (and, where the flood found
// two regions, may start over from the other), and end_search() judges the pupil and writes the
// result. The persistent kernel takes them all in one launch; a CUDA graph takes each step as a
// kernel of its own in a conditional WHILE node, the progress kept in device memory between them.
// Both make the same decisions: they run the same steps.
#include <algorithm>
#include <cmath>
#include <cstdint>

#include "border_levels.cuh"
#include "confidence_measures.cuh"
#include "dark_region_flood.cuh"
#include "edge_list.cuh"
#include "eye_search.hpp"
#include "geometric_refinement.cuh"
#include "geometric_scratch.hpp"
#include "isophote_trace.cuh"
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
#include "staged_views.cuh"

namespace pt::gpu::search {

// Everything a search reads: by value in the persistent kernel's parameters, in device memory
// for the graph's kernels.
struct SearchJob {
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
  EyeSearchResult* result = nullptr;  // pinned host memory
  std::uint32_t serial = 0;           // written last into the result
};

// One search's outcome: the fit and which list holds its points.
struct StarburstOutcome {
  bool abandoned = false;  // a step the device cannot take as the CPU does (a list too small)
  bool has_fit = false;
  ConicFit fit;
  int list = 0;
  int iterations = 0;
};

__device__ inline ShapeLimits shape_limits(const SearchJob& job) {
  return {job.starburst.min_radius_px, job.starburst.max_radius_px, job.starburst.max_aspect};
}

// StarburstSearch::place_border: the fit moves onto the isophote midway between the pupil's and
// the iris's grey; `spare` is a free list for the border's points.
__device__ inline void place_border(const SearchJob& job, const SearchViews& views, StarburstOutcome& o, int spare,
                                    StageClock& clock) {
  const CViewU8 img = views.smoothed;
  const auto levels = block_border_levels(img, views.mask, o.fit.ellipse, job.blur_px);
  if (!levels.ok || levels.value.outside <= levels.value.inside) {
    clock.charge(SearchStage::Border);
    return;
  }
  const EdgeList border = job.lists[spare];
  const IsophoteTrace traced = block_trace_isophote(
      img, views.mask, o.fit.ellipse, 0.5F * (levels.value.inside + levels.value.outside), kBorderRays, border);
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

enum class SearchPhase : int { First, Second, Done };

// A search between its steps. Every thread of the block holds the same copy.
struct SearchProgress {
  SearchPhase phase = SearchPhase::Done;
  bool searched = false;  // the device tracked the eye
  DeviceTrackState before;
  Point2f centre;  // where the current search's next rays start
  RayCriterion criterion;
  StarburstOutcome o;  // the current search's
  // The flood found an earlier region as well: the first search may give way to one from it.
  bool two_step = false;
  Point2f second_centre;
  RayCriterion second_criterion;
  ClockReading clock{};  // for the graph's kernels, which each start a clock of their own
};

__device__ inline void start_search(SearchProgress& p, SearchPhase phase, Point2f centre, const RayCriterion& criterion) {
  p.phase = phase;
  p.centre = centre;
  p.criterion = criterion;
  p.o = StarburstOutcome{};
}

// StarburstSearch::run up to its first search: the flood from the previous centre.
__device__ inline void begin_search(const SearchJob& job, SearchProgress& p, StageClock& clock) {
  __shared__ DeviceTrackState before;
  if (threadIdx.x == 0) before = *job.state;
  __syncthreads();
  p = SearchProgress{};
  p.before = before;
  p.searched = before.tracking;
  if (!before.tracking) return;
  const CViewU8 img = job.in.smoothed;
  const StarburstParams& sp = job.starburst;
  const Point2f seed{before.state.centre.x - job.in.origin.x, before.state.centre.y - job.in.origin.y};
  const DeviceDarkRegions grown = block_grow_dark_region(img, seed, sp.min_radius_px, sp.max_radius_px, job.flood);
  clock.charge(SearchStage::Flood);
  if (!grown.has_after_wall && !grown.has_earlier) {
    start_search(p, SearchPhase::First, seed, RayCriterion::steeper_than(sp.edge_threshold, 2.0F * sp.max_radius_px));
    return;
  }
  const DarkRegion& main = grown.has_after_wall ? grown.after_wall : grown.earlier;
  start_search(p, SearchPhase::First, main.centroid, border_of(main));
  p.two_step = grown.has_after_wall && grown.has_earlier;
  if (p.two_step) {
    p.second_centre = grown.earlier.centroid;
    p.second_criterion = border_of(grown.earlier);
  }
}

// The end of StarburstSearch::search (the border placed on the settled fit) and of
// StarburstSearch::run (a search from the earlier region instead, where the border says the
// first found the iris).
__device__ inline void finish_search(const SearchJob& job, const SearchViews& views, SearchProgress& p,
                                     StageClock& clock) {
  StarburstOutcome& o = p.o;
  if (o.has_fit) place_border(job, views, o, 1, clock);
  if (p.phase == SearchPhase::First && !o.abandoned && p.two_step) {
    const bool iris_first = block_two_step(views.smoothed, views.mask, o.has_fit, o.fit.ellipse, job.blur_px);
    clock.charge(SearchStage::Border);
    if (iris_first) {
      start_search(p, SearchPhase::Second, p.second_centre, p.second_criterion);
      return;
    }
  }
  p.phase = SearchPhase::Done;
}

// One iteration of StarburstSearch::search: rays from the centre into list 0, and RANSAC. Its
// images are staged in shared memory where the launch gave it room (staged_views.cuh).
__device__ inline void search_step(const SearchJob& job, SearchProgress& p, StageClock& clock) {
  const SearchViews views = stage_search_views(job.in.smoothed, job.in.mask);
  const CViewU8 img = views.smoothed;
  StarburstOutcome& o = p.o;
  ++o.iterations;
  const bool cast = block_cast_rays(img, views.mask, p.centre, job.starburst, p.criterion, job.lists[0]).ok;
  clock.charge(SearchStage::Rays);
  if (!cast) {
    o.abandoned = true;
    p.phase = SearchPhase::Done;
    return;
  }
  const auto fitted = block_ransac_fit(job.lists[0], job.unit_samples, job.hypotheses, job.ransac, job.fit,
                                       shape_limits(job), job.ransac_scratch);
  clock.charge(SearchStage::Fit);
  o.has_fit = fitted.ok;
  bool settled = !fitted.ok;
  if (fitted.ok) {
    o.fit = fitted.fit;
    const Point2f next{o.fit.ellipse.cx, o.fit.ellipse.cy};
    const float moved = repro::hypot(next.x - p.centre.x, next.y - p.centre.y);
    p.centre = next;
    settled = moved < job.starburst.convergence_px || !inside_image(img, p.centre.x, p.centre.y) ||
              o.iterations >= std::max(1, job.starburst.max_iterations);
  }
  if (settled) finish_search(job, views, p, clock);
}

// For a search whose steps are kernels of their own: thread 0 keeps the progress for the next
// kernel, and alone gets true.
__device__ inline bool keep_progress(SearchProgress& p, const StageClock& clock, SearchProgress* progress) {
  __syncthreads();  // every thread has read the progress this kernel started from
  if (threadIdx.x != 0) return false;
  p.clock = clock.reading();
  *progress = p;
  return true;
}

// Seals the result with the job's serial, ordered after every write to it by a system-wide fence:
// the host polls the serial instead of waiting for a copy and an event. Called by one thread, after
// the block's writes to the result are fenced (or by the only thread that wrote it).
__device__ inline void publish_result(const SearchJob& job) {
  __threadfence_system();
  *static_cast<volatile std::uint32_t*>(&job.result->serial) = job.serial;
}

// The frame is the host's: the device did not track the eye, or cannot finish the search as the
// CPU does, and then the host searches the frame again from where it started and keeps the eye
// until it hands it back. Called by one thread.
__device__ inline void leave_to_host(const SearchJob& job, const SearchProgress& p) {
  EyeSearchResult& r = *job.result;
  r.searched = p.searched;
  r.found = false;
  if (!p.searched) return;
  job.state->tracking = false;
  r.before = p.before;
}

// EyePupilTracker::assess and believe on the search's outcome, the eye's state updated, and the
// result written.
__device__ inline void write_result(const SearchJob& job, const SearchProgress& p, StageClock& clock) {
  EyeSearchResult& r = *job.result;
  const DeviceTrackState& before = p.before;
  const StarburstOutcome& o = p.o;
  if (!p.searched || o.abandoned) {
    if (threadIdx.x == 0) leave_to_host(job, p);
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
  // Each edge point into the host's result while the block is still here.
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

// The search's last step: the result written and published.
__device__ inline void end_search(const SearchJob& job, const SearchProgress& p, StageClock& clock) {
  write_result(job, p, clock);
  __threadfence_system();  // each thread's part of the result goes out before the serial
  __syncthreads();
  if (threadIdx.x == 0) publish_result(job);
}

// The whole search in the calling block, its steps one after another: the persistent kernel's
// block, or one eye's block of launch_eye_searches().
__device__ inline void run_whole_search(const SearchJob& job) {
  StageClock clock;
  SearchProgress p;
  begin_search(job, p, clock);
  while (p.phase != SearchPhase::Done) search_step(job, p, clock);
  end_search(job, p, clock);
}

}  // namespace pt::gpu::search
