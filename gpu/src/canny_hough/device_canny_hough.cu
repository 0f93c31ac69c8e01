#include "device_canny_hough.hpp"

#include <climits>
#include <cstdint>

#include "../search/block_broadcast.cuh"
#include "../search/conic_block_fit.cuh"
#include "../search/ordered_gather.cuh"
#include "../search/ransac_fit_types.hpp"
#include "../search/ray_block_scan.cuh"
#include "../pixel_grid.cuh"
#include "canny_edges.hpp"
#include "pt/gpu/cuda_check.hpp"
#include "pt/pupil/conic_fit_math.hpp"
#include "pt/pupil/hough_circle_finder.hpp"
#include "pt/pupil/hough_rules.hpp"
#include "pt/pupil/ransac_rules.hpp"

namespace pt::gpu {
namespace {

using search::kSearchThreads;
constexpr int kCandidates = hough_rules::kCandidates;
constexpr int kPickThreads = 1024;
constexpr unsigned kVoteBlocks = 528;  // four an SM of the largest devices; the edges are counted on the device
constexpr int kVoteThreads = 128;
// Rounds of fitting and re-selecting, as CannyHoughSearch::refine.
constexpr int kRefineRounds = 3;

// The radii, as HoughRadii holds them, in device memory.
struct Radii {
  const float* radii;
  const float* weights;
  int bins;
  float step;
  int half;  // hough_rules::band_half_bins
};

struct Counters {
  int peaks;
  int candidates;
};

// The box sums' peaks, unordered.
struct Peaks {
  std::uint64_t* votes;
  std::uint32_t* cells;
};

struct Accumulator {
  std::uint64_t* cells;
  std::uint64_t* sums;  // 3 x 3 box sums
  int width;
  int height;
};

// HoughCircleFinder::vote_along_gradients: a thread an edge, its votes at every radius.
__global__ void __launch_bounds__(kVoteThreads) vote(canny::EdgeList edges, Radii r, Accumulator a) {
  const int n = *edges.count;
  for (int e = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x); e < n;
       e += static_cast<int>(gridDim.x * blockDim.x)) {
    const Point2f g = edges.gradients[e];
    const float len = hough_rules::gradient_length(g);
    if (len <= 0.0F) continue;
    const Point2f toward{-g.x / len, -g.y / len};
    const Point2f at = edges.positions[e];
    for (int i = 0; i < r.bins; ++i) {
      const auto [x, y] = hough_rules::vote_cell(at, toward, r.radii[i]);
      if (x < 0 || y < 0 || x >= a.width || y >= a.height) continue;
      static_assert(sizeof(std::uint64_t) == sizeof(unsigned long long));
      atomicAdd(reinterpret_cast<unsigned long long*>(a.cells + static_cast<std::size_t>(y) * a.width + x),
                static_cast<unsigned long long>(hough_rules::gradient_vote(len, r.weights[i])));
    }
  }
}

__global__ void box_sums(Accumulator a) {
  const Pixel p = this_pixel(a.width, a.height);
  if (!p.valid) return;
  a.sums[static_cast<std::size_t>(p.y) * a.width + p.x] = hough_rules::box3_sum(a.cells, a.width, a.height, p.x, p.y);
}

__global__ void find_peaks(Accumulator a, Peaks peaks, Counters* counters) {
  const Pixel p = this_pixel(a.width, a.height);
  if (!p.valid || !hough_rules::centre_peak(a.sums, a.width, a.height, p.x, p.y)) return;
  const int k = atomicAdd(&counters->peaks, 1);
  const auto cell = static_cast<std::uint32_t>(p.y * a.width + p.x);
  peaks.votes[k] = a.sums[cell];
  peaks.cells[k] = cell;
}

// A peak as a thread holds it while the block looks for the best.
struct Ranked {
  std::uint64_t votes;  // 0: none (a peak has votes)
  std::uint32_t cell;
  int at;  // its place in the list
};

__device__ inline bool before(const Ranked& a, const Ranked& b) {
  return a.votes != 0 && (b.votes == 0 || hough_rules::ranks_before(a.votes, a.cell, b.votes, b.cell));
}

// The best of the peaks this thread looks after (list places threadIdx.x, + kPickThreads, ...).
__device__ inline Ranked best_of_share(const Peaks& peaks, int n) {
  Ranked best{0, 0, -1};
  for (int i = static_cast<int>(threadIdx.x); i < n; i += kPickThreads) {
    const Ranked r{peaks.votes[i], peaks.cells[i], i};
    if (before(r, best)) best = r;
  }
  return best;
}

__device__ inline Ranked shuffle_down(const Ranked& r, int by) {
  return {__shfl_down_sync(0xFFFFFFFFU, r.votes, by), __shfl_down_sync(0xFFFFFFFFU, r.cell, by),
          __shfl_down_sync(0xFFFFFFFFU, r.at, by)};
}

__device__ inline Ranked warp_best(Ranked r) {
  for (int by = 16; by > 0; by /= 2) {
    const Ranked other = shuffle_down(r, by);
    if (before(other, r)) r = other;
  }
  return r;
}

// The kCandidates best peaks in rank order, as partial_sort leaves them: kCandidates rounds of
// a block-wide best, each taken peak struck from its thread's share.
__global__ void __launch_bounds__(kPickThreads) choose_candidates(Peaks peaks, Counters* counters,
                                                                  std::uint32_t* candidates) {
  __shared__ Ranked warp_bests[kPickThreads / 32];
  __shared__ Ranked winner;
  const int n = counters->peaks;
  const int keep = min(kCandidates, n);
  Ranked mine = best_of_share(peaks, n);
  const int lane = static_cast<int>(threadIdx.x) % 32;
  const int warp = static_cast<int>(threadIdx.x) / 32;
  for (int k = 0; k < keep; ++k) {
    const Ranked w = warp_best(mine);
    if (lane == 0) warp_bests[warp] = w;
    __syncthreads();
    if (warp == 0) {
      const Ranked b = warp_best(warp_bests[lane]);
      if (lane == 0) {
        winner = b;
        candidates[k] = b.cell;
      }
    }
    __syncthreads();
    if (mine.at == winner.at) {
      peaks.votes[mine.at] = 0;
      mine = best_of_share(peaks, n);
    }
    __syncthreads();
  }
  if (threadIdx.x == 0) counters->candidates = keep;
}

// HoughCircleFinder::add_radius_peaks, a block a candidate centre: its circles, in radius order,
// at kMostHoughRadii places a candidate.
__global__ void __launch_bounds__(kSearchThreads)
    count_radii(canny::EdgeList edges, Radii r, const Counters* counters, const std::uint32_t* candidates, int width,
                HoughCircle* circles, int* circle_counts) {
  __shared__ std::uint32_t counts[kMostHoughRadii];
  __shared__ float votes[kMostHoughRadii];
  const int k = static_cast<int>(blockIdx.x);
  const int t = static_cast<int>(threadIdx.x);
  if (k >= counters->candidates) {
    if (t == 0) circle_counts[k] = 0;
    return;
  }
  for (int b = t; b < r.bins; b += kSearchThreads) counts[b] = 0;
  __syncthreads();
  const std::uint32_t cell = candidates[k];
  const auto w = static_cast<std::uint32_t>(width);
  const Point2f centre{static_cast<float>(cell % w), static_cast<float>(cell / w)};
  const int n = *edges.count;
  for (int e = t; e < n; e += kSearchThreads) {
    const EdgePixel edge{edges.positions[e], edges.gradients[e]};
    const int bin = hough_rules::radius_bin(edge.position, centre, r.radii[0], r.step);
    if (bin < 0 || bin >= r.bins || !hough_rules::faces_away(edge, centre)) continue;
    atomicAdd(&counts[bin], 1U);
  }
  __syncthreads();
  for (int b = t; b < r.bins; b += kSearchThreads) votes[b] = hough_rules::band_votes(counts, r.bins, b, r.half, r.weights[b]);
  __syncthreads();
  HoughCircle* mine = circles + static_cast<std::size_t>(k) * kMostHoughRadii;
  int total = 0;
  for (int base = 0; base < r.bins; base += kSearchThreads) {
    const int b = base + t;
    const bool peak = b < r.bins && hough_rules::radius_peak(votes, r.bins, b);
    const search::FlagScan scan = search::block_flag_scan(peak);
    if (peak) mine[total + scan.before] = {centre, r.radii[b], votes[b]};
    total += scan.total;
  }
  if (t == 0) circle_counts[k] = total;
}

struct Refinement {
  canny::EdgeList edges;
  const HoughCircle* circles;
  const int* circle_counts;
  HoughCircle* all;   // the candidates' circles one after another, as the CPU lists them
  Point2f* gathered;  // as many points as the image has pixels
  double* terms;      // search::kConicTerms per outcome point
};

// The pupil's circle among all candidates' (hough_rules::pupil_of), then CannyHoughSearch::refine.
__global__ void __launch_bounds__(kSearchThreads)
    refine(Refinement r, const Counters* counters, FitModel model, ShapeLimits limits, float band, DeviceOutcome* out) {
  __shared__ HoughCircle circle;
  __shared__ int picked;
  const int t = static_cast<int>(threadIdx.x);
  if (t == 0) {
    int n = 0;
    for (int k = 0; k < counters->candidates; ++k) {
      for (int j = 0; j < r.circle_counts[k]; ++j) r.all[n++] = r.circles[static_cast<std::size_t>(k) * kMostHoughRadii + j];
    }
    const HoughCircle* pick = hough_rules::pupil_of(r.all, n);
    picked = pick != nullptr ? 1 : 0;
    if (pick != nullptr) circle = *pick;
  }
  __syncthreads();
  if (picked == 0) {
    if (t == 0) {
      out->complete = true;
      out->has_fit = false;
      out->fit = {};
      out->iterations = 1;
      out->edge_count = 0;
    }
    return;
  }
  Ellipse fitted{circle.centre.x, circle.centre.y, circle.radius, circle.radius, 0.0F};
  bool has_fit = false;
  bool complete = true;
  int n = 0;
  const int edges = *r.edges.count;
  for (int round = 0; round < kRefineRounds; ++round) {
    const RadialDistance distance(fitted);
    const Point2f centre{fitted.cx, fitted.cy};
    n = search::block_gather(
        r.edges.positions, edges,
        [&](int i) {
          const EdgePixel e{r.edges.positions[i], r.edges.gradients[i]};
          return distance(e.position) <= band && hough_rules::faces_away(e, centre);
        },
        r.gathered);
    if (n > kDeviceOutcomePoints) {
      complete = false;
      break;
    }
    const MaybeEllipse fit = search::block_fit_conic(r.gathered, n, model, r.terms);
    if (!fit.ok || !limits.admits(fit.ellipse)) break;
    fitted = fit.ellipse;
    has_fit = true;
  }
  int inliers = 0;
  if (complete) {
    const RadialDistance distance(fitted);
    for (int i = t; i < n; i += kSearchThreads) {
      const Point2f q = r.gathered[i];
      const bool in = has_fit && distance(q) <= band;
      out->edges[i] = q;
      out->inlier[i] = in ? 1 : 0;
      inliers += in ? 1 : 0;
    }
  }
  inliers = search::block_sum(inliers);
  if (t == 0) {
    out->complete = complete;
    out->has_fit = complete && has_fit;
    out->fit = {fitted, inliers};
    out->iterations = 1;
    out->edge_count = complete ? n : 0;
  }
}

int radius_count(const DetectorParams& params) {
  int n = 0;
  for_each_hough_radius(params.starburst.min_radius_px, params.starburst.max_radius_px,
                        hough_radius_step(params.canny_hough), [&](float) { ++n; });
  return n;
}

}  // namespace

bool device_canny_hough_supports(const DetectorParams& params) {
  const int radii = radius_count(params);
  return params.algorithm == Algorithm::CannyHough && params.canny_hough.voting == HoughVoting::Gradient &&
         radii >= 1 && radii <= kMostHoughRadii;
}

struct DeviceCannyHough::Buffers {
  Buffers(int max_width, int max_height, const HoughRadii& table)
      : pixels(static_cast<std::size_t>(max_width) * static_cast<std::size_t>(max_height)),
        edges(max_width, max_height),
        cells(pixels),
        sums(pixels),
        peak_votes(pixels),
        peak_cells(pixels),
        counters(1),
        candidates(kCandidates),
        radii(table.radii.size()),
        weights(table.weights.size()),
        circles(static_cast<std::size_t>(kCandidates) * kMostHoughRadii),
        all(circles.size()),
        circle_counts(kCandidates),
        gathered(pixels),
        terms(static_cast<std::size_t>(search::kConicTerms) * kDeviceOutcomePoints),
        step(table.step) {
    PT_CUDA_CHECK(cudaMemcpy(radii.data(), table.radii.data(), radii.size() * sizeof(float), cudaMemcpyHostToDevice));
    PT_CUDA_CHECK(
        cudaMemcpy(weights.data(), table.weights.data(), weights.size() * sizeof(float), cudaMemcpyHostToDevice));
    // The lanes' streams do not wait for the default stream's copies: they finish here.
    PT_CUDA_CHECK(cudaDeviceSynchronize());
  }

  std::size_t pixels;
  canny::EdgeFinder edges;
  DeviceBuffer<std::uint64_t> cells;
  DeviceBuffer<std::uint64_t> sums;
  DeviceBuffer<std::uint64_t> peak_votes;
  DeviceBuffer<std::uint32_t> peak_cells;
  DeviceBuffer<Counters> counters;
  DeviceBuffer<std::uint32_t> candidates;
  DeviceBuffer<float> radii;
  DeviceBuffer<float> weights;
  DeviceBuffer<HoughCircle> circles;
  DeviceBuffer<HoughCircle> all;
  DeviceBuffer<int> circle_counts;
  DeviceBuffer<Point2f> gathered;
  DeviceBuffer<double> terms;
  float step;
};

DeviceCannyHough::DeviceCannyHough(int max_width, int max_height, const DetectorParams& params)
    : max_width_(max_width),
      max_height_(max_height),
      min_radius_(params.starburst.min_radius_px),
      max_radius_(params.starburst.max_radius_px),
      canny_hough_(params.canny_hough) {
  HoughRadii table;
  fill_hough_radii(min_radius_, max_radius_, canny_hough_, table);
  buffers_ = std::make_unique<Buffers>(max_width, max_height, table);
}

DeviceCannyHough::~DeviceCannyHough() = default;

bool DeviceCannyHough::serves(const DetectorParams& params) const noexcept {
  return params.algorithm == Algorithm::CannyHough && params.starburst.min_radius_px == min_radius_ &&
         params.starburst.max_radius_px == max_radius_ &&
         params.canny_hough.radius_step_px == canny_hough_.radius_step_px &&
         params.canny_hough.angle_step_deg == canny_hough_.angle_step_deg && device_canny_hough_supports(params);
}

void DeviceCannyHough::enqueue(cudaStream_t stream, CViewU8 smoothed, CViewU8 reflections,
                               const DetectorParams& params) {
  if (smoothed.empty() || smoothed.width > max_width_ || smoothed.height > max_height_ || !serves(params)) {
    throw CudaError("DeviceCannyHough: no image, or an image or parameters beyond what it was made for");
  }
  Buffers& b = *buffers_;
  const int w = smoothed.width;
  const int h = smoothed.height;
  const Radii radii{b.radii.data(), b.weights.data(), static_cast<int>(b.radii.size()), b.step,
                    hough_rules::band_half_bins(b.step)};
  const Accumulator a{b.cells.data(), b.sums.data(), w, h};
  const canny::EdgeList edges = b.edges.list();
  PT_CUDA_CHECK(cudaMemsetAsync(b.counters.data(), 0, sizeof(Counters), stream));
  // CannyHoughSearch::run gives no circle in an image too small for Sobel's neighbours.
  if (w >= 3 && h >= 3) {
    b.edges.enqueue(stream, smoothed, reflections, params.canny_hough);
    PT_CUDA_CHECK(cudaMemsetAsync(b.cells.data(), 0, static_cast<std::size_t>(w) * h * sizeof(std::uint64_t), stream));
    vote<<<kVoteBlocks, kVoteThreads, 0, stream>>>(edges, radii, a);
    PT_CUDA_CHECK_LAUNCH();
    box_sums<<<pixel_grid(w, h), kPixelBlock, 0, stream>>>(a);
    PT_CUDA_CHECK_LAUNCH();
    find_peaks<<<pixel_grid(w, h), kPixelBlock, 0, stream>>>(a, {b.peak_votes.data(), b.peak_cells.data()},
                                                              b.counters.data());
    PT_CUDA_CHECK_LAUNCH();
    choose_candidates<<<1, kPickThreads, 0, stream>>>({b.peak_votes.data(), b.peak_cells.data()}, b.counters.data(),
                                                       b.candidates.data());
    PT_CUDA_CHECK_LAUNCH();
    count_radii<<<kCandidates, kSearchThreads, 0, stream>>>(edges, radii, b.counters.data(), b.candidates.data(), w,
                                                            b.circles.data(), b.circle_counts.data());
    PT_CUDA_CHECK_LAUNCH();
  }
  const StarburstParams& sp = params.starburst;
  const Refinement r{edges, b.circles.data(), b.circle_counts.data(), b.all.data(), b.gathered.data(), b.terms.data()};
  refine<<<1, kSearchThreads, 0, stream>>>(r, b.counters.data(), params.fit,
                                           ShapeLimits{sp.min_radius_px, sp.max_radius_px, sp.max_aspect},
                                           params.ransac.inlier_px, device_outcome());
  PT_CUDA_CHECK_LAUNCH();
  bring_outcome_back(stream);
}

}  // namespace pt::gpu
