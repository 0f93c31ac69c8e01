#include "device_canny_hough.hpp"

#include <climits>
#include <cstdint>

#include "../search/block_broadcast.cuh"
#include "../search/conic_block_fit.cuh"
#include "../search/ransac_fit_types.hpp"
#include "../search/ray_block_scan.cuh"
#include "../block_scan.cuh"
#include "../kernel_shared_memory.hpp"
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
constexpr int kRadiusThreads = 1024;
constexpr unsigned kVoteBlocks = 1056;  // eight an SM of the largest devices; the edges are counted on the device
constexpr int kVoteThreads = 256;
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

// HoughCircleFinder::vote_along_gradients: a thread a vote, an edge's votes at every radius on
// neighbouring threads.
__global__ void __launch_bounds__(kVoteThreads) vote(canny::EdgeList edges, Radii r, Accumulator a) {
  static_assert(sizeof(std::uint64_t) == sizeof(unsigned long long));
  const long long votes = static_cast<long long>(*edges.count) * r.bins;
  for (long long v = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x; v < votes;
       v += static_cast<long long>(gridDim.x) * blockDim.x) {
    const auto e = static_cast<int>(v / r.bins);
    const auto i = static_cast<int>(v % r.bins);
    const Point2f g = edges.gradients[e];
    const float len = hough_rules::gradient_length(g);
    if (len <= 0.0F) continue;
    const Point2f toward{-g.x / len, -g.y / len};
    const auto [x, y] = hough_rules::vote_cell(edges.positions[e], toward, r.radii[i]);
    if (x < 0 || y < 0 || x >= a.width || y >= a.height) continue;
    atomicAdd(reinterpret_cast<unsigned long long*>(a.cells + static_cast<std::size_t>(y) * a.width + x),
              static_cast<unsigned long long>(hough_rules::gradient_vote(len, r.weights[i])));
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
  int at;  // its place in the block's share
};

__device__ inline bool before(const Ranked& a, const Ranked& b) {
  return a.votes != 0 && (b.votes == 0 || hough_rules::ranks_before(a.votes, a.cell, b.votes, b.cell));
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

// Peaks a ranking block takes at once, from shared memory.
constexpr int kRankChunk = 2048;
constexpr int kPerRanker = kRankChunk / kPickThreads;

// The best of this thread's peaks in the block's share (places threadIdx.x, + kPickThreads, ...).
__device__ inline Ranked best_of_share(const std::uint64_t* votes, const std::uint32_t* cells) {
  Ranked best{0, 0, -1};
  for (int j = 0; j < kPerRanker; ++j) {
    const int i = static_cast<int>(threadIdx.x) + j * kPickThreads;
    const Ranked r{votes[i], cells[i], i};
    if (before(r, best)) best = r;
  }
  return best;
}

// Each block ranks kRankChunk peaks of `in` and writes its kCandidates best, in rank order, at
// kCandidates places a block of `out` (votes 0 where it had fewer): kCandidates rounds of a
// block-wide best, each taken peak struck from its thread's share. Applied until one block is
// left, it leaves the peaks as partial_sort does. `in` holds *in_count peaks, or in_places when
// in_count is null.
__global__ void __launch_bounds__(kPickThreads)
    rank_peaks(Peaks in, const int* in_count, int in_places, Peaks out) {
  __shared__ std::uint64_t votes[kRankChunk];
  __shared__ std::uint32_t cells[kRankChunk];
  __shared__ Ranked warp_bests[kPickThreads / 32];
  __shared__ Ranked winner;
  const int n = in_count != nullptr ? *in_count : in_places;
  const int base = static_cast<int>(blockIdx.x) * kRankChunk;
  const std::size_t first_out = static_cast<std::size_t>(blockIdx.x) * kCandidates;
  if (base >= n) {  // past the peaks: a share of none
    if (threadIdx.x < kCandidates) {
      out.votes[first_out + threadIdx.x] = 0;
      out.cells[first_out + threadIdx.x] = 0;
    }
    return;
  }
  for (int j = 0; j < kPerRanker; ++j) {
    const int i = static_cast<int>(threadIdx.x) + j * kPickThreads;
    votes[i] = base + i < n ? in.votes[base + i] : 0;
    cells[i] = base + i < n ? in.cells[base + i] : 0;
  }
  __syncthreads();
  Ranked mine = best_of_share(votes, cells);
  const int lane = static_cast<int>(threadIdx.x) % 32;
  const int warp = static_cast<int>(threadIdx.x) / 32;
  for (int k = 0; k < kCandidates; ++k) {
    const Ranked w = warp_best(mine);
    if (lane == 0) warp_bests[warp] = w;
    __syncthreads();
    if (warp == 0) {
      const Ranked b = warp_best(warp_bests[lane]);
      if (lane == 0) {
        winner = b;
        out.votes[first_out + k] = b.votes;
        out.cells[first_out + k] = b.cell;
      }
    }
    __syncthreads();
    if (winner.votes != 0 && mine.at == winner.at) {
      votes[mine.at] = 0;
      mine = best_of_share(votes, cells);
    }
    __syncthreads();
  }
}

// The ranked candidates' count: those with votes.
__global__ void count_candidates(Peaks ranked, Counters* counters) {
  if (threadIdx.x != 0) return;
  int n = 0;
  while (n < kCandidates && ranked.votes[n] != 0) ++n;
  counters->candidates = n;
}

// The edges of rows [y0, y1] (clamped to the image): a run of the raster-ordered list.
struct EdgeRange {
  int first;
  int last;
};
__device__ inline EdgeRange rows_between(const canny::EdgeList& edges, float y0, float y1) {
  const int from = max(static_cast<int>(floorf(y0)), 0);
  const int to = min(static_cast<int>(ceilf(y1)), edges.rows - 1);
  if (from > to) return {0, 0};
  return {edges.row_first[from], to + 1 < edges.rows ? edges.row_first[to + 1] : *edges.count};
}

// HoughCircleFinder::add_radius_peaks, a block a candidate centre: its circles, in radius order,
// at kMostHoughRadii places a candidate.
__global__ void __launch_bounds__(kRadiusThreads)
    count_radii(canny::EdgeList edges, Radii r, const Counters* counters, const std::uint32_t* candidates, int width,
                HoughCircle* circles, int* circle_counts) {
  // Only edges within the largest radius's bin, rows away, can be counted: they are the rows'
  // run of the list.
  __shared__ std::uint32_t counts[kMostHoughRadii];
  __shared__ float votes[kMostHoughRadii];
  const int k = static_cast<int>(blockIdx.x);
  const int t = static_cast<int>(threadIdx.x);
  if (k >= counters->candidates) {
    if (t == 0) circle_counts[k] = 0;
    return;
  }
  for (int b = t; b < r.bins; b += kRadiusThreads) counts[b] = 0;
  __syncthreads();
  const std::uint32_t cell = candidates[k];
  const auto w = static_cast<std::uint32_t>(width);
  const Point2f centre{static_cast<float>(cell % w), static_cast<float>(cell / w)};
  const float reach = r.radii[r.bins - 1] + r.step + 2.0F;
  const EdgeRange near = rows_between(edges, centre.y - reach, centre.y + reach);
  for (int e = near.first + t; e < near.last; e += kRadiusThreads) {
    const EdgePixel edge{edges.positions[e], edges.gradients[e]};
    const int bin = hough_rules::radius_bin(edge.position, centre, r.radii[0], r.step);
    if (bin < 0 || bin >= r.bins || !hough_rules::faces_away(edge, centre)) continue;
    atomicAdd(&counts[bin], 1U);
  }
  __syncthreads();
  for (int b = t; b < r.bins; b += kRadiusThreads) votes[b] = hough_rules::band_votes(counts, r.bins, b, r.half, r.weights[b]);
  __syncthreads();
  HoughCircle* mine = circles + static_cast<std::size_t>(k) * kMostHoughRadii;
  int total = 0;
  for (int base = 0; base < r.bins; base += kRadiusThreads) {
    const int b = base + t;
    const bool peak = b < r.bins && hough_rules::radius_peak(votes, r.bins, b);
    int peaks = 0;
    const int before = block_exclusive_scan<kRadiusThreads>(peak ? 1 : 0, peaks);
    if (peak) mine[total + before] = {centre, r.radii[b], votes[b]};
    total += peaks;
  }
  if (t == 0) circle_counts[k] = total;
}

// Copies the positions of edges [range.first, range.last) for which keep(i) holds, in their
// order, to `staged` when at most `capacity` do, else to `spilled`; returns how many, the copy
// readable by every thread on return. Each thread takes a run of the range, so one scan orders
// them all.
template <class Keep>
__device__ int gather_edges(const canny::EdgeList& edges, EdgeRange range, Keep&& keep, Point2f* staged, int capacity,
                            Point2f* spilled) {
  const int per = (range.last - range.first + kSearchThreads - 1) / kSearchThreads;
  const int begin = range.first + static_cast<int>(threadIdx.x) * per;
  const int end = min(begin + per, range.last);
  int mine = 0;
  for (int i = begin; i < end; ++i) mine += keep(i) ? 1 : 0;
  int total = 0;
  int at = block_exclusive_scan<kSearchThreads>(mine, total);
  Point2f* out = total <= capacity ? staged : spilled;
  for (int i = begin; i < end; ++i) {
    if (keep(i)) out[at++] = edges.positions[i];
  }
  __syncthreads();
  return total;
}

// The candidates' circles as one list: candidate k's lie from first[k] on.
struct ListedCircles {
  const HoughCircle* circles;  // kMostHoughRadii places a candidate
  const int* first;            // kCandidates + 1 entries
  [[nodiscard]] __device__ int size() const { return first[kCandidates]; }
  [[nodiscard]] __device__ HoughCircle operator[](int i) const {
    int k = 0;
    while (first[k + 1] <= i) ++k;
    return circles[static_cast<std::size_t>(k) * kMostHoughRadii + (i - first[k])];
  }
};

// The place of the first of the best-voted circles for which admit(circle) holds, or -1; every
// thread gets it.
template <class Admit>
__device__ int block_first_best(const ListedCircles& listed, Admit&& admit) {
  __shared__ float warp_votes[kSearchThreads / 32];
  __shared__ int warp_places[kSearchThreads / 32];
  float votes = 0.0F;
  int place = -1;
  for (int i = static_cast<int>(threadIdx.x); i < listed.size(); i += kSearchThreads) {
    const HoughCircle c = listed[i];
    if (admit(c) && (place < 0 || c.votes > votes)) {
      votes = c.votes;
      place = i;
    }
  }
  const auto better = [](float va, int pa, float vb, int pb) {
    return pa >= 0 && (pb < 0 || va > vb || (va == vb && pa < pb));
  };
  for (int by = 16; by > 0; by /= 2) {
    const float v = __shfl_down_sync(0xFFFFFFFFU, votes, by);
    const int p = __shfl_down_sync(0xFFFFFFFFU, place, by);
    if (better(v, p, votes, place)) {
      votes = v;
      place = p;
    }
  }
  const int lane = static_cast<int>(threadIdx.x) % 32;
  const int warp = static_cast<int>(threadIdx.x) / 32;
  __syncthreads();  // the slots may still be read by a previous call
  if (lane == 0) {
    warp_votes[warp] = votes;
    warp_places[warp] = place;
  }
  __syncthreads();
  float best_votes = 0.0F;
  int best = -1;
  for (int w = 0; w < kSearchThreads / 32; ++w) {
    if (better(warp_votes[w], warp_places[w], best_votes, best)) {
      best_votes = warp_votes[w];
      best = warp_places[w];
    }
  }
  return best;
}

// A refit's point and its terms (conic_block_fit.cuh), staged in shared memory.
constexpr int kStagedPointBytes = static_cast<int>(sizeof(Point2f) + search::kConicTerms * sizeof(double));

struct Refinement {
  canny::EdgeList edges;
  const HoughCircle* circles;
  const int* circle_counts;
  Point2f* gathered;  // as many points as the image has pixels
  double* terms;      // search::kConicTerms per outcome point
  int staged;         // points the dynamic shared memory stages (kStagedPointBytes each)
};

// The pupil's circle among all candidates' (hough_rules::pupil_of), then CannyHoughSearch::refine.
// A fit's serial sums read its points and terms one after another: from shared memory, unless
// there are more than it stages.
__global__ void __launch_bounds__(kSearchThreads)
    refine(Refinement r, const Counters* counters, FitModel model, ShapeLimits limits, float band, DeviceOutcome* out) {
  extern __shared__ double staged_terms[];
  auto* const staged_points = reinterpret_cast<Point2f*>(staged_terms + static_cast<std::size_t>(r.staged) * search::kConicTerms);
  __shared__ HoughCircle circle;
  __shared__ int first_circle[kCandidates + 1];  // of each candidate in the list of all
  const int t = static_cast<int>(threadIdx.x);
  if (t < 32) {
    const int count = t < counters->candidates ? r.circle_counts[t] : 0;
    int inclusive = count;
    for (int d = 1; d < 32; d *= 2) {
      const int up = __shfl_up_sync(0xFFFFFFFFU, inclusive, d);
      if (t >= d) inclusive += up;
    }
    first_circle[t + 1] = inclusive;
    if (t == 0) first_circle[0] = 0;
  }
  __syncthreads();
  // hough_rules::pupil_of over the candidates' circles one after another, as the CPU lists them:
  // the first of the best-voted, then the first of the best-voted inner pupils, each found by
  // the whole block.
  const ListedCircles listed{r.circles, first_circle};
  const int top = block_first_best(listed, [](const HoughCircle&) { return true; });
  const bool voted = top >= 0 && listed[top].votes > 0.0F;  // every thread has the same top
  if (voted) {
    const HoughCircle outer = listed[top];
    const int inner = block_first_best(listed, [&](const HoughCircle& c) { return hough_rules::inner_pupil(c, outer); });
    if (t == 0) circle = listed[inner >= 0 ? inner : top];
  }
  __syncthreads();
  if (!voted) {
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
  const Point2f* points = staged_points;
  for (int round = 0; round < kRefineRounds; ++round) {
    const RadialDistance distance(fitted);
    const Point2f centre{fitted.cx, fitted.cy};
    // An edge within `band` of the ellipse along the ray from its centre lies at most the larger
    // semi-axis plus the band from the centre: only those rows' run of the list can be kept.
    const float reach = fmaxf(fitted.a, fitted.b) + band + 2.0F;
    n = gather_edges(
        r.edges, rows_between(r.edges, centre.y - reach, centre.y + reach),
        [&](int i) {
          const EdgePixel e{r.edges.positions[i], r.edges.gradients[i]};
          return distance(e.position) <= band && hough_rules::faces_away(e, centre);
        },
        staged_points, r.staged, r.gathered);
    points = n <= r.staged ? staged_points : r.gathered;
    if (n > kDeviceOutcomePoints) {
      complete = false;
      break;
    }
    const MaybeEllipse fit = search::block_fit_conic(points, n, model, n <= r.staged ? staged_terms : r.terms);
    if (!fit.ok || !limits.admits(fit.ellipse)) break;
    fitted = fit.ellipse;
    has_fit = true;
  }
  int inliers = 0;
  if (complete) {
    const RadialDistance distance(fitted);
    for (int i = t; i < n; i += kSearchThreads) {
      const Point2f q = points[i];
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

namespace {

// Places a ranking level writes for `peaks` peaks in: kCandidates a block.
std::size_t rank_places(std::size_t peaks) {
  return std::max<std::size_t>(1, (peaks + kRankChunk - 1) / kRankChunk) * kCandidates;
}

}  // namespace

struct DeviceCannyHough::Buffers {
  Buffers(int max_width, int max_height, const HoughRadii& table)
      : pixels(static_cast<std::size_t>(max_width) * static_cast<std::size_t>(max_height)),
        edges(max_width, max_height),
        cells(pixels),
        sums(pixels),
        peak_votes(pixels),
        peak_cells(pixels),
        counters(1),
        rank_votes{DeviceBuffer<std::uint64_t>(rank_places(pixels)), DeviceBuffer<std::uint64_t>(rank_places(pixels))},
        rank_cells{DeviceBuffer<std::uint32_t>(rank_places(pixels)), DeviceBuffer<std::uint32_t>(rank_places(pixels))},
        radii(table.radii.size()),
        weights(table.weights.size()),
        circles(static_cast<std::size_t>(kCandidates) * kMostHoughRadii),
        circle_counts(kCandidates),
        gathered(pixels),
        terms(static_cast<std::size_t>(search::kConicTerms) * kDeviceOutcomePoints),
        step(table.step) {
    upload_now(radii.data(), table.radii.data(), radii.size() * sizeof(float));
    upload_now(weights.data(), table.weights.data(), weights.size() * sizeof(float));
  }

  std::size_t pixels;
  canny::EdgeFinder edges;
  DeviceBuffer<std::uint64_t> cells;
  DeviceBuffer<std::uint64_t> sums;
  DeviceBuffer<std::uint64_t> peak_votes;
  DeviceBuffer<std::uint32_t> peak_cells;
  DeviceBuffer<Counters> counters;
  // The ranking's levels, in turn (rank_peaks).
  DeviceBuffer<std::uint64_t> rank_votes[2];
  DeviceBuffer<std::uint32_t> rank_cells[2];
  DeviceBuffer<float> radii;
  DeviceBuffer<float> weights;
  DeviceBuffer<HoughCircle> circles;
  DeviceBuffer<int> circle_counts;
  DeviceBuffer<Point2f> gathered;
  DeviceBuffer<double> terms;
  float step;
};

namespace {

// Ranks the peaks of an image of `pixels` pixels (as many peaks at most) level by level until
// one block holds the best, and counts those; returns where they lie.
Peaks rank_candidates(cudaStream_t stream, DeviceCannyHough::Buffers& b, int pixels) {
  Peaks in{b.peak_votes.data(), b.peak_cells.data()};
  const int* in_count = &b.counters.data()->peaks;  // device memory: the address only
  int places = pixels;
  for (int level = 0;; ++level) {
    const int blocks = std::max(1, (places + kRankChunk - 1) / kRankChunk);
    const Peaks out{b.rank_votes[level % 2].data(), b.rank_cells[level % 2].data()};
    rank_peaks<<<static_cast<unsigned>(blocks), kPickThreads, 0, stream>>>(in, in_count, places, out);
    PT_CUDA_CHECK_LAUNCH();
    in = out;
    in_count = nullptr;
    places = blocks * kCandidates;
    if (blocks == 1) break;
  }
  count_candidates<<<1, 32, 0, stream>>>(in, b.counters.data());
  PT_CUDA_CHECK_LAUNCH();
  return in;
}

}  // namespace

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
  PT_CUDA_CHECK(cudaMemsetAsync(b.counters.data(), 0, sizeof(Counters), stream));
  // CannyHoughSearch::run gives no circle in an image too small for Sobel's neighbours.
  if (w >= 3 && h >= 3) {
    b.edges.enqueue(stream, smoothed, reflections, params.canny_hough);
    const canny::EdgeList edges = b.edges.list();
    PT_CUDA_CHECK(cudaMemsetAsync(b.cells.data(), 0, static_cast<std::size_t>(w) * h * sizeof(std::uint64_t), stream));
    vote<<<kVoteBlocks, kVoteThreads, 0, stream>>>(edges, radii, a);
    PT_CUDA_CHECK_LAUNCH();
    box_sums<<<pixel_grid(w, h), kPixelBlock, 0, stream>>>(a);
    PT_CUDA_CHECK_LAUNCH();
    find_peaks<<<pixel_grid(w, h), kPixelBlock, 0, stream>>>(a, {b.peak_votes.data(), b.peak_cells.data()},
                                                              b.counters.data());
    PT_CUDA_CHECK_LAUNCH();
    const Peaks ranked = rank_candidates(stream, b, w * h);
    count_radii<<<kCandidates, kRadiusThreads, 0, stream>>>(edges, radii, b.counters.data(), ranked.cells, w,
                                                            b.circles.data(), b.circle_counts.data());
    PT_CUDA_CHECK_LAUNCH();
  }
  const StarburstParams& sp = params.starburst;
  // Once: the kernel keeps the attribute.
  static const int most_shared_bytes = enable_most_shared_memory(reinterpret_cast<const void*>(&refine));
  const int staged = std::min(kDeviceOutcomePoints, most_shared_bytes / kStagedPointBytes);
  const Refinement r{b.edges.list(), b.circles.data(), b.circle_counts.data(), b.gathered.data(), b.terms.data(),
                     staged};
  refine<<<1, kSearchThreads, static_cast<std::size_t>(staged) * kStagedPointBytes, stream>>>(r, b.counters.data(), params.fit,
                                           ShapeLimits{sp.min_radius_px, sp.max_radius_px, sp.max_aspect},
                                           params.ransac.inlier_px, device_outcome());
  PT_CUDA_CHECK_LAUNCH();
  bring_outcome_back(stream);
}

}  // namespace pt::gpu
