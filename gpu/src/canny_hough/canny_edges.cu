#include "canny_edges.hpp"

#include <climits>

#include "../block_scan.cuh"
#include "../pixel_grid.cuh"
#include "../union_find.cuh"
#include "pt/gpu/cuda_check.hpp"

namespace pt::gpu::canny {
namespace {

// lround of the largest Sobel magnitude, sqrt(2) x 1020, is 1443.
constexpr int kMagnitudeBins = 1444;
constexpr int kScanThreads = 1024;
constexpr int kRowWarps = 8;  // rows a block of the row kernels takes, a warp each

// States of a pixel, as CannyEdgeDetector::find_edges keeps them.
constexpr std::uint8_t kNotEdge = 0;
constexpr std::uint8_t kCandidate = 1;  // a peak above the low threshold
constexpr std::uint8_t kStrong = 2;     // a peak above the high threshold

struct Maps {
  std::int16_t* dx;
  std::int16_t* dy;
  float* magnitude;
  std::uint8_t* state;
  int* links;
  std::uint8_t* strong;
  std::uint8_t* edge;
  int width;
  int height;
  [[nodiscard]] __device__ int at(int x, int y) const { return y * width + x; }
};

__device__ inline int grey(CViewU8 image, int x, int y) {
  return image.row(min(max(y, 0), image.height - 1))[min(max(x, 0), image.width - 1)];
}

// Sobel with replicated borders, as CannyEdgeDetector::compute_gradients, and the magnitudes'
// histogram: a block's in shared memory first.
__global__ void gradients(CViewU8 image, Maps m, int* histogram) {
  __shared__ int bins[kMagnitudeBins];
  const int t = static_cast<int>(threadIdx.y * blockDim.x + threadIdx.x);
  const int threads = static_cast<int>(blockDim.x * blockDim.y);
  for (int b = t; b < kMagnitudeBins; b += threads) bins[b] = 0;
  __syncthreads();
  const Pixel p = this_pixel(m.width, m.height);
  if (p.valid) {
    const int x = p.x;
    const int y = p.y;
    const int sx = (grey(image, x + 1, y - 1) - grey(image, x - 1, y - 1)) +
                   2 * (grey(image, x + 1, y) - grey(image, x - 1, y)) +
                   (grey(image, x + 1, y + 1) - grey(image, x - 1, y + 1));
    const int sy = (grey(image, x - 1, y + 1) + 2 * grey(image, x, y + 1) + grey(image, x + 1, y + 1)) -
                   (grey(image, x - 1, y - 1) + 2 * grey(image, x, y - 1) + grey(image, x + 1, y - 1));
    const float magnitude = sqrtf(static_cast<float>(sx * sx + sy * sy));
    const int i = m.at(x, y);
    m.dx[i] = static_cast<std::int16_t>(sx);
    m.dy[i] = static_cast<std::int16_t>(sy);
    m.magnitude[i] = magnitude;
    atomicAdd(&bins[lroundf(magnitude)], 1);
  }
  __syncthreads();
  for (int b = t; b < kMagnitudeBins; b += threads) {
    if (bins[b] != 0) atomicAdd(histogram + b, bins[b]);
  }
}

// CannyEdgeDetector::magnitude_quantile, then the low threshold as collect_edges sets it.
__global__ void __launch_bounds__(kScanThreads)
    set_thresholds(const int* histogram, float fraction, float low_ratio, int pixels, float* thresholds) {
  __shared__ int first;
  __shared__ int last_used;
  if (threadIdx.x == 0) {
    first = INT_MAX;
    last_used = 0;
  }
  const int b0 = 2 * static_cast<int>(threadIdx.x);
  const long long h0 = b0 < kMagnitudeBins ? histogram[b0] : 0;
  const long long h1 = b0 + 1 < kMagnitudeBins ? histogram[b0 + 1] : 0;
  long long total = 0;
  const long long before = block_exclusive_scan<kScanThreads>(h0 + h1, total);
  const double wanted = static_cast<double>(fraction) * static_cast<double>(pixels);
  if (b0 < kMagnitudeBins && static_cast<double>(before + h0) >= wanted) {
    atomicMin(&first, b0);
  } else if (b0 + 1 < kMagnitudeBins && static_cast<double>(before + h0 + h1) >= wanted) {
    atomicMin(&first, b0 + 1);
  }
  if (h1 != 0) {
    atomicMax(&last_used, b0 + 1);
  } else if (h0 != 0) {
    atomicMax(&last_used, b0);
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    const float high = static_cast<float>(first != INT_MAX ? first : last_used);
    thresholds[0] = low_ratio * high;
    thresholds[1] = high;
  }
}

__device__ inline float magnitude_at(const Maps& m, int x, int y) {
  return x < 0 || y < 0 || x >= m.width || y >= m.height ? 0.0F : m.magnitude[m.at(x, y)];
}

// Non-maximum suppression across the gradient, as find_edges; each kept pixel starts a set of
// its own.
__global__ void suppress(Maps m, const float* thresholds) {
  const Pixel p = this_pixel(m.width, m.height);
  if (!p.valid) return;
  const int i = m.at(p.x, p.y);
  const float low = thresholds[0];
  const float high = thresholds[1];
  const float g = m.magnitude[i];
  std::uint8_t state = kNotEdge;
  if (g > low) {
    constexpr float kTan22 = 0.41421356F;
    constexpr float kTan67 = 2.41421356F;
    const int gx = m.dx[i];
    const int gy = m.dy[i];
    const auto ax = static_cast<float>(abs(gx));
    const auto ay = static_cast<float>(abs(gy));
    bool peak = false;
    if (ay <= kTan22 * ax) {
      peak = g > magnitude_at(m, p.x - 1, p.y) && g >= magnitude_at(m, p.x + 1, p.y);
    } else if (ay >= kTan67 * ax) {
      peak = g > magnitude_at(m, p.x, p.y - 1) && g >= magnitude_at(m, p.x, p.y + 1);
    } else {
      const int across = (gx < 0) == (gy < 0) ? 1 : -1;  // the neighbour below is x + across
      peak = g > magnitude_at(m, p.x - across, p.y - 1) && g > magnitude_at(m, p.x + across, p.y + 1);
    }
    if (peak) state = g > high ? kStrong : kCandidate;
  }
  m.state[i] = state;
  m.links[i] = state != kNotEdge ? i : -1;
  m.strong[i] = 0;
}

// Joins each kept pixel with its kept neighbours before it in raster order (8-connected).
__global__ void join(Maps m) {
  const Pixel p = this_pixel(m.width, m.height);
  if (!p.valid || m.state[m.at(p.x, p.y)] == kNotEdge) return;
  const int i = m.at(p.x, p.y);
  const int before[4][2] = {{-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
  for (const auto& d : before) {
    const int x = p.x + d[0];
    const int y = p.y + d[1];
    if (x < 0 || y < 0 || x >= m.width) continue;
    if (m.state[m.at(x, y)] != kNotEdge) unite(m.links, i, m.at(x, y));
  }
}

__global__ void mark_strong(Maps m) {
  const Pixel p = this_pixel(m.width, m.height);
  if (!p.valid) return;
  const int i = m.at(p.x, p.y);
  if (m.state[i] == kStrong) m.strong[find_root(m.links, i)] = 1;
}

// An edge: kept, in a set with a strong pixel, and not under a marked reflection.
__global__ void resolve(Maps m, CViewU8 reflections) {
  const Pixel p = this_pixel(m.width, m.height);
  if (!p.valid) return;
  const int i = m.at(p.x, p.y);
  const bool hidden = reflections.data != nullptr && reflections.row(p.y)[p.x] != 0;
  m.edge[i] = m.state[i] != kNotEdge && !hidden && m.strong[find_root(m.links, i)] != 0 ? 1 : 0;
}

// Each row's edges, a warp a row.
__global__ void count_rows(Maps m, int* row_counts) {
  const int y = static_cast<int>(blockIdx.x) * kRowWarps + static_cast<int>(threadIdx.x) / 32;
  if (y >= m.height) return;
  const int lane = static_cast<int>(threadIdx.x) % 32;
  int count = 0;
  for (int x0 = 0; x0 < m.width; x0 += 32) {
    const int x = x0 + lane;
    count += __popc(__ballot_sync(0xFFFFFFFFU, x < m.width && m.edge[m.at(x, y)] != 0));
  }
  if (lane == 0) row_counts[y] = count;
}

// Row counts to offsets, in place, and the list's length.
__global__ void __launch_bounds__(kScanThreads) offset_rows(int* rows, int height, int* count) {
  const int per_thread = (height + kScanThreads - 1) / kScanThreads;
  const int first = static_cast<int>(threadIdx.x) * per_thread;
  const int last = min(first + per_thread, height);
  int mine = 0;
  for (int y = first; y < last; ++y) mine += rows[y];
  int total = 0;
  int at = block_exclusive_scan<kScanThreads>(mine, total);
  for (int y = first; y < last; ++y) {
    const int n = rows[y];
    rows[y] = at;
    at += n;
  }
  if (threadIdx.x == 0) *count = total;
}

__global__ void write_rows(Maps m, const int* row_offsets, EdgeList list) {
  const int y = static_cast<int>(blockIdx.x) * kRowWarps + static_cast<int>(threadIdx.x) / 32;
  if (y >= m.height) return;
  const int lane = static_cast<int>(threadIdx.x) % 32;
  int at = row_offsets[y];
  for (int x0 = 0; x0 < m.width; x0 += 32) {
    const int x = x0 + lane;
    const bool edge = x < m.width && m.edge[m.at(x, y)] != 0;
    const unsigned ballot = __ballot_sync(0xFFFFFFFFU, edge);
    if (edge) {
      const int k = at + __popc(ballot & ((1U << lane) - 1U));
      const int i = m.at(x, y);
      list.positions[k] = {static_cast<float>(x), static_cast<float>(y)};
      list.gradients[k] = {static_cast<float>(m.dx[i]), static_cast<float>(m.dy[i])};
    }
    at += __popc(ballot);
  }
}

}  // namespace

EdgeFinder::EdgeFinder(int max_width, int max_height)
    : dx_(static_cast<std::size_t>(max_width) * static_cast<std::size_t>(max_height)),
      dy_(dx_.size()),
      magnitude_(dx_.size()),
      state_(dx_.size()),
      links_(dx_.size()),
      strong_(dx_.size()),
      edge_(dx_.size()),
      histogram_(kMagnitudeBins),
      thresholds_(2),
      row_offsets_(static_cast<std::size_t>(max_height)),
      positions_(dx_.size()),
      gradients_(dx_.size()),
      count_(1) {}

void EdgeFinder::enqueue(cudaStream_t stream, CViewU8 image, CViewU8 reflections, const CannyHoughParams& params) {
  const int w = image.width;
  const int h = image.height;
  rows_ = h;
  const Maps m{dx_.data(),    dy_.data(),   magnitude_.data(), state_.data(), links_.data(),
               strong_.data(), edge_.data(), w,                 h};
  const dim3 grid = pixel_grid(w, h);
  PT_CUDA_CHECK(cudaMemsetAsync(histogram_.data(), 0, kMagnitudeBins * sizeof(int), stream));
  gradients<<<grid, kPixelBlock, 0, stream>>>(image, m, histogram_.data());
  PT_CUDA_CHECK_LAUNCH();
  set_thresholds<<<1, kScanThreads, 0, stream>>>(histogram_.data(), params.high_fraction, params.low_ratio, w * h,
                                                 thresholds_.data());
  PT_CUDA_CHECK_LAUNCH();
  suppress<<<grid, kPixelBlock, 0, stream>>>(m, thresholds_.data());
  PT_CUDA_CHECK_LAUNCH();
  join<<<grid, kPixelBlock, 0, stream>>>(m);
  PT_CUDA_CHECK_LAUNCH();
  mark_strong<<<grid, kPixelBlock, 0, stream>>>(m);
  PT_CUDA_CHECK_LAUNCH();
  resolve<<<grid, kPixelBlock, 0, stream>>>(m, reflections);
  PT_CUDA_CHECK_LAUNCH();
  const auto row_blocks = static_cast<unsigned>((h + kRowWarps - 1) / kRowWarps);
  count_rows<<<row_blocks, 32 * kRowWarps, 0, stream>>>(m, row_offsets_.data());
  PT_CUDA_CHECK_LAUNCH();
  offset_rows<<<1, kScanThreads, 0, stream>>>(row_offsets_.data(), h, count_.data());
  PT_CUDA_CHECK_LAUNCH();
  write_rows<<<row_blocks, 32 * kRowWarps, 0, stream>>>(m, row_offsets_.data(), list());
  PT_CUDA_CHECK_LAUNCH();
}

}  // namespace pt::gpu::canny
