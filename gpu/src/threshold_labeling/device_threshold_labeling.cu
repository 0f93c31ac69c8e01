#include "device_threshold_labeling.hpp"

#include <algorithm>
#include <vector>

#include "../search/block_broadcast.cuh"
#include "../search/border_levels.cuh"
#include "../search/confidence_measures.cuh"
#include "../search/ransac_fit.cuh"
#include "blob_labels.hpp"
#include "pt/gpu/cuda_check.hpp"
#include "pt/pupil/ransac_conic_fitter.hpp"
#include "pt/pupil/threshold_labeling_rules.hpp"

namespace pt::gpu {
namespace {

using search::kSearchThreads;
namespace rules = threshold_labeling_rules;

// Labels this many levels at once: the planes' memory, two ints a pixel a plane.
constexpr int kPlanes = 8;

// What the search decided on the device, between its kernels.
struct TlState {
  int darkest;
  int chosen;      // the level kept, -1 for none
  int iterations;  // levels the CPU's loop visits
  int complete;    // 0: a level the CPU would fit had more border than its list holds
  int centre;      // the kept fit's centre pixel (raster index), where the refit's blob is read
};

// The search's arrays as its kernels see them.
struct Plan {
  tl::Slots slots;
  float* thresholds;
  int* targets;
  search::RansacFitResult* fits;
  float* scores;
  TlState* state;
  tl::LabelPlanes planes;
  Point2f* chosen;  // RANSAC scratch: 2 * capacity points a slot
  double* terms;    // and search::kConicTerms * capacity doubles
  int chunk;
  int levels;
  Ellipse* hypothesis_fits;  // `hypotheses` a slot
  int* hypothesis_votes;
  int hypotheses;
};

__device__ inline search::EdgeList slot_list(const Plan& p, int slot) {
  const std::size_t base = static_cast<std::size_t>(slot) * static_cast<std::size_t>(p.slots.capacity);
  return {p.slots.points + base, p.slots.inlier + base, p.slots.counts + slot, p.slots.capacity};
}

__global__ void find_darkest(CViewU8 image, TlState* state) {
  __shared__ int least;
  if (threadIdx.x == 0) least = 255;
  __syncthreads();
  int mine = 255;
  const int n = image.width * image.height;
  for (int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x); i < n; i += static_cast<int>(gridDim.x * blockDim.x)) {
    mine = min(mine, static_cast<int>(image.row(i / image.width)[i % image.width]));
  }
  mine = search::warp_min(0xFFFFFFFFU, mine);
  if (threadIdx.x % 32 == 0) atomicMin(&least, mine);
  __syncthreads();
  if (threadIdx.x == 0) atomicMin(&state->darkest, least);
}

// Whether a slot's border is fitted: it was gathered, and kept whole.
__device__ inline bool fitted(const Plan& p, int slot) {
  return p.targets[slot] >= 0 && p.slots.counts[slot] <= p.slots.capacity;
}

__device__ inline search::GivenHypotheses given_hypotheses(const Plan& p, int slot) {
  const std::size_t at = static_cast<std::size_t>(slot) * static_cast<std::size_t>(p.hypotheses);
  return {p.hypothesis_fits + at, p.hypothesis_votes + at};
}

// RANSAC's hypotheses, for every fitted slot at once: a thread fits each, then a warp votes on
// each, so that a messy border's thousand hypotheses spread over the whole device.
__global__ void fit_hypotheses(Plan p, int first, const float* unit_samples, FitModel model, ShapeLimits limits) {
  const int slot = first + static_cast<int>(blockIdx.y);
  const int h = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  const int n = p.slots.counts[slot];
  if (!fitted(p, slot) || n < ransac::kSampleSize || h >= p.hypotheses) return;
  const std::size_t at = static_cast<std::size_t>(slot) * static_cast<std::size_t>(p.hypotheses) + static_cast<std::size_t>(h);
  const bool admitted =
      search::fit_hypothesis(slot_list(p, slot).points, n, unit_samples, h, model, limits, p.hypothesis_fits[at]);
  p.hypothesis_votes[at] = admitted ? 0 : -1;
}

constexpr int kVoteThreads = 256;

__global__ void __launch_bounds__(kVoteThreads) vote_hypotheses(Plan p, int first, float inlier_px) {
  const int slot = first + static_cast<int>(blockIdx.y);
  const int h = static_cast<int>(blockIdx.x * (kVoteThreads / 32) + threadIdx.x / 32);
  const int n = p.slots.counts[slot];
  if (!fitted(p, slot) || n < ransac::kSampleSize || h >= p.hypotheses) return;
  const std::size_t at = static_cast<std::size_t>(slot) * static_cast<std::size_t>(p.hypotheses) + static_cast<std::size_t>(h);
  if (p.hypothesis_votes[at] < 0) return;
  const int votes = search::warp_votes(RadialDistance(p.hypothesis_fits[at]), slot_list(p, slot).points, n, inlier_px);
  if (threadIdx.x % 32 == 0) p.hypothesis_votes[at] = votes;
}

__global__ void begin_search(TlState* state) { *state = {255, -1, 0, 1, 0}; }

__global__ void set_levels(Plan p, ThresholdLabelingParams tl) {
  const int darkest = p.state->darkest;
  for (int i = static_cast<int>(threadIdx.x); i <= p.levels; i += static_cast<int>(blockDim.x)) {
    const int level = darkest + rules::level_above(tl, i);
    // A level past white, and the refit's slot until there is one: no pixel is dark.
    p.thresholds[i] = i == p.levels || level > 255 ? -1.0F : static_cast<float>(level);
  }
}

// Whether the CPU's walk over the levels stops at level i before fitting it.
__device__ inline bool ends_walk(const Plan& p, int i, float max_area) {
  return p.thresholds[i] < 0.0F || static_cast<float>(tl::key_area(p.slots.largest[i])) > max_area;
}

// Each level of the batch gathers its largest blob's border if the CPU's walk would fit it.
__global__ void pick_targets(Plan p, int first, int count, float min_area, float max_area) {
  const int k = static_cast<int>(threadIdx.x);
  if (k >= count) return;
  const int slot = first + k;
  bool open = true;
  for (int j = 0; j <= slot && open; ++j) open = !ends_walk(p, j, max_area);
  const unsigned long long key = p.slots.largest[slot];
  const bool fits = open && key != 0ULL && !(static_cast<float>(tl::key_area(key)) < min_area);
  p.targets[slot] = fits ? tl::key_root(key) : -1;
}

__global__ void __launch_bounds__(kSearchThreads)
    fit_levels(Plan p, int first, const float* unit_samples, RansacParams ransac, FitModel model, ShapeLimits limits) {
  const int slot = first + static_cast<int>(blockIdx.x);
  const int n = p.slots.counts[slot];
  search::RansacFitResult r{};
  float score = 0.0F;
  if (fitted(p, slot)) {
    const search::EdgeList list = slot_list(p, slot);
    const std::size_t cap = static_cast<std::size_t>(p.slots.capacity);
    const search::RansacScratch scratch{p.chosen + static_cast<std::size_t>(slot) * 2 * cap,
                                        p.terms + static_cast<std::size_t>(slot) * search::kConicTerms * cap, p.chunk,
                                        p.slots.capacity};
    const search::GivenHypotheses given = given_hypotheses(p, slot);
    r = search::block_ransac_fit(list, unit_samples, p.hypotheses, ransac, model, limits, scratch, &given);
    if (r.ok) score = rules::level_score(r.fit.inliers, n, search::block_border_support(r.fit.ellipse, list, CViewU8{}));
  }
  if (threadIdx.x == 0) {
    p.fits[slot] = r;
    p.scores[slot] = score;
  }
}

// The CPU's walk over the levels, then the level at which the kept pupil is refitted: midway
// between its inside and its surroundings.
__global__ void __launch_bounds__(kSearchThreads)
    choose_level(CViewU8 image, CViewU8 reflections, Plan p, float max_area, float blur_px) {
  int chosen = -1;
  if (threadIdx.x == 0) {
    TlState& s = *p.state;
    float best_score = 0.0F;
    for (int i = 0; i < p.levels; ++i) {
      if (p.thresholds[i] < 0.0F) break;
      ++s.iterations;
      if (ends_walk(p, i, max_area)) break;
      if (p.targets[i] < 0) continue;
      if (p.slots.counts[i] > p.slots.capacity) {
        s.complete = 0;
        break;
      }
      if (!p.fits[i].ok || p.scores[i] <= best_score) continue;
      best_score = p.scores[i];
      s.chosen = i;
    }
    if (s.chosen >= 0) {
      const Ellipse& e = p.fits[s.chosen].fit.ellipse;
      const int cx = std::clamp(static_cast<int>(lroundf(e.cx)), 0, image.width - 1);
      const int cy = std::clamp(static_cast<int>(lroundf(e.cy)), 0, image.height - 1);
      s.centre = cy * image.width + cx;
    }
    chosen = s.chosen;
  }
  chosen = search::block_broadcast(chosen);
  if (chosen < 0) return;
  const search::LevelsResult levels =
      search::block_border_levels(image, reflections, p.fits[chosen].fit.ellipse, blur_px);
  if (threadIdx.x == 0 && levels.ok && levels.value.outside > levels.value.inside) {
    p.thresholds[p.levels] = 0.5F * (levels.value.inside + levels.value.outside);
  }
}

// The refit takes the blob at the kept pupil's centre, whatever its size (plane 0).
__global__ void pick_refit_target(Plan p) {
  const TlState& s = *p.state;
  p.targets[p.levels] = s.chosen >= 0 ? p.planes.labels[s.centre] : -1;
}

// The kept level's fit and border, or the refit's where it succeeded.
__global__ void finish(Plan p, DeviceOutcome* out) {
  __shared__ int from;
  const TlState& s = *p.state;
  const int refit = p.levels;
  const bool refit_overflowed = p.targets[refit] >= 0 && p.slots.counts[refit] > p.slots.capacity;
  if (threadIdx.x == 0) {
    from = s.chosen < 0 ? -1 : (p.targets[refit] >= 0 && !refit_overflowed && p.fits[refit].ok ? refit : s.chosen);
    out->complete = s.complete != 0 && !refit_overflowed;
    out->has_fit = from >= 0;
    out->fit = from >= 0 ? p.fits[from].fit : ConicFit{};
    out->iterations = s.iterations;
    out->edge_count = from >= 0 ? p.slots.counts[from] : 0;
  }
  __syncthreads();
  if (from < 0) return;
  const search::EdgeList list = slot_list(p, from);
  for (int i = static_cast<int>(threadIdx.x); i < *list.count; i += static_cast<int>(blockDim.x)) {
    out->edges[i] = list.points[i];
    out->inlier[i] = list.inlier[i];
  }
}

// RANSAC on slots [first, first + count): the hypotheses over the device, then a block a slot.
void fit_slots(cudaStream_t stream, const Plan& p, const float* samples, int first, int count,
               const DetectorParams& params, const ShapeLimits& limits) {
  if (count <= 0) return;
  const auto slots = static_cast<unsigned>(count);
  fit_hypotheses<<<dim3(static_cast<unsigned>((p.hypotheses + 127) / 128), slots), 128, 0, stream>>>(p, first, samples,
                                                                                                   params.fit, limits);
  PT_CUDA_CHECK_LAUNCH();
  constexpr int kWarps = kVoteThreads / 32;
  vote_hypotheses<<<dim3(static_cast<unsigned>((p.hypotheses + kWarps - 1) / kWarps), slots), kVoteThreads, 0, stream>>>(
      p, first, params.ransac.inlier_px);
  PT_CUDA_CHECK_LAUNCH();
  fit_levels<<<slots, kSearchThreads, 0, stream>>>(p, first, samples, params.ransac, params.fit, limits);
  PT_CUDA_CHECK_LAUNCH();
}

}  // namespace

struct DeviceThresholdLabeling::Buffers {
  Buffers(int max_width, int max_height, int slots, const std::vector<float>& unit_samples)
      : pixels(static_cast<std::size_t>(max_width) * static_cast<std::size_t>(max_height)),
        labels(kPlanes * pixels),
        areas(kPlanes * pixels),
        largest(static_cast<std::size_t>(slots)),
        thresholds(static_cast<std::size_t>(slots)),
        targets(static_cast<std::size_t>(slots)),
        counts(static_cast<std::size_t>(slots)),
        keys(static_cast<std::size_t>(slots) * kTlBorderCapacity),
        points(static_cast<std::size_t>(slots) * kTlBorderCapacity),
        inlier(static_cast<std::size_t>(slots) * kTlBorderCapacity),
        chosen(static_cast<std::size_t>(slots) * 2 * kTlBorderCapacity),
        terms(static_cast<std::size_t>(slots) * search::kConicTerms * kTlBorderCapacity),
        samples(unit_samples.size()),
        hypothesis_fits(static_cast<std::size_t>(slots) * unit_samples.size() / ransac::kSampleSize),
        hypothesis_votes(static_cast<std::size_t>(slots) * unit_samples.size() / ransac::kSampleSize),
        fits(static_cast<std::size_t>(slots)),
        scores(static_cast<std::size_t>(slots)),
        state(1) {
    upload_now(samples.data(), unit_samples.data(), unit_samples.size() * sizeof(float));
  }

  std::size_t pixels;
  DeviceBuffer<int> labels;
  DeviceBuffer<int> areas;
  DeviceBuffer<unsigned long long> largest;
  DeviceBuffer<float> thresholds;
  DeviceBuffer<int> targets;
  DeviceBuffer<int> counts;
  DeviceBuffer<std::uint32_t> keys;
  DeviceBuffer<Point2f> points;
  DeviceBuffer<std::uint8_t> inlier;
  DeviceBuffer<Point2f> chosen;
  DeviceBuffer<double> terms;
  DeviceBuffer<float> samples;
  DeviceBuffer<Ellipse> hypothesis_fits;
  DeviceBuffer<int> hypothesis_votes;
  DeviceBuffer<search::RansacFitResult> fits;
  DeviceBuffer<float> scores;
  DeviceBuffer<TlState> state;
};

DeviceThresholdLabeling::DeviceThresholdLabeling(int max_width, int max_height, const DetectorParams& params)
    : max_width_(max_width),
      max_height_(max_height),
      levels_(rules::level_count(params.threshold_labeling)),
      ransac_(params.ransac),
      buffers_(std::make_unique<Buffers>(max_width, max_height, levels_ + 1,
                                         RansacConicFitter::unit_samples(params.ransac))) {}

DeviceThresholdLabeling::~DeviceThresholdLabeling() = default;

bool device_threshold_labeling_supports(const DetectorParams& params) noexcept {
  return params.threshold_labeling.min_threshold >= 0;
}

bool DeviceThresholdLabeling::serves(const DetectorParams& params) const noexcept {
  return params.algorithm == Algorithm::ThresholdLabeling && rules::level_count(params.threshold_labeling) == levels_ &&
         params.ransac.hypotheses == ransac_.hypotheses &&
         params.ransac.seed == ransac_.seed;
}

void DeviceThresholdLabeling::enqueue(cudaStream_t stream, CViewU8 smoothed, CViewU8 reflections,
                                      const DetectorParams& params) {
  if (smoothed.empty() || smoothed.width > max_width_ || smoothed.height > max_height_ || !serves(params) ||
      !device_threshold_labeling_supports(params)) {
    throw CudaError("DeviceThresholdLabeling: no image, or an image or parameters beyond what it was made for");
  }
  Buffers& b = *buffers_;
  Plan p{};
  p.slots = {b.thresholds.data(), b.largest.data(), b.targets.data(), b.keys.data(), b.points.data(),
             b.inlier.data(),     b.counts.data(),  kTlBorderCapacity};
  p.thresholds = b.thresholds.data();
  p.targets = b.targets.data();
  p.fits = b.fits.data();
  p.scores = b.scores.data();
  p.state = b.state.data();
  p.planes = {b.labels.data(), b.areas.data(), kPlanes};
  p.chosen = b.chosen.data();
  p.terms = b.terms.data();
  p.chunk = std::clamp(params.ransac.hypotheses, 1, kSearchThreads);
  p.levels = levels_;
  p.hypotheses = std::max(1, params.ransac.hypotheses);
  p.hypothesis_fits = b.hypothesis_fits.data();
  p.hypothesis_votes = b.hypothesis_votes.data();
  const StarburstParams& sp = params.starburst;
  const float min_area = rules::disc_area(sp.min_radius_px);
  const float max_area = rules::disc_area(sp.max_radius_px);
  const ShapeLimits limits{sp.min_radius_px, sp.max_radius_px, sp.max_aspect};

  begin_search<<<1, 1, 0, stream>>>(p.state);
  PT_CUDA_CHECK_LAUNCH();
  if (!smoothed.empty()) {
    find_darkest<<<64, 256, 0, stream>>>(smoothed, p.state);
    PT_CUDA_CHECK_LAUNCH();
  }
  set_levels<<<1, 256, 0, stream>>>(p, params.threshold_labeling);
  PT_CUDA_CHECK_LAUNCH();
  for (int first = 0; first < levels_; first += kPlanes) {
    const int count = std::min(kPlanes, levels_ - first);
    tl::label_dark_blobs(stream, smoothed, p.planes, p.slots, first, count);
    pick_targets<<<1, kPlanes, 0, stream>>>(p, first, count, min_area, max_area);
    PT_CUDA_CHECK_LAUNCH();
    tl::gather_borders(stream, smoothed, reflections, p.planes, p.slots, first, count);
  }
  fit_slots(stream, p, b.samples.data(), 0, levels_, params, limits);
  choose_level<<<1, kSearchThreads, 0, stream>>>(smoothed, reflections, p, max_area, params.smoothing.blur_reach_px());
  PT_CUDA_CHECK_LAUNCH();
  tl::label_dark_blobs(stream, smoothed, p.planes, p.slots, levels_, 1);
  pick_refit_target<<<1, 1, 0, stream>>>(p);
  PT_CUDA_CHECK_LAUNCH();
  tl::gather_borders(stream, smoothed, reflections, p.planes, p.slots, levels_, 1);
  fit_slots(stream, p, b.samples.data(), levels_, 1, params, limits);
  finish<<<1, 256, 0, stream>>>(p, device_outcome());
  PT_CUDA_CHECK_LAUNCH();
  bring_outcome_back(stream);
}

}  // namespace pt::gpu
