#pragma once
// The shared core of the Hessian kernels. A block of 32 x 8 threads makes a 32 x 64 piece of its
// output: it loads that piece of the image with every scale's reach around it into shared memory
// once (mirrored borders, as the CPU), and for each scale filters it along rows into three
// shared arrays (smoothed, first and second derivative across), then along columns into each
// pixel's dxx, dxy, dyy, which never leave registers. The taps and their arithmetic are the
// CPU's (core's derivative_taps and scan_hessian_rows), so both compute the same sums in the same
// order; the GPU fuses multiplies and adds, which moves results by a few float roundings.
#include <cstddef>
#include <span>

#include "pt/gpu/device_view.hpp"
#include "pt/hessian/derivative_taps.hpp"
#include "pt/hessian/hessian_pixel.hpp"

namespace pt::gpu::hessian_tile {

constexpr int kTileW = 32;
constexpr int kTileH = 64;
constexpr int kThreadsY = 8;
constexpr int kThreads = kTileW * kThreadsY;
constexpr int kRowsPerThread = kTileH / kThreadsY;
constexpr int kMaxScales = 8;
constexpr int kTaps = hessian::kMaxRadius + 1;

struct ScaleTaps {
  int radius = 0;
  float smooth[kTaps];
  float first[kTaps];
  float second[kTaps];
};

// Passed to the kernels by value: kernel parameters sit in the constant bank, whose broadcast
// serves the taps, which every thread of a warp reads at the same time.
struct TapSet {
  int count = 0;
  int max_radius = 0;
  ScaleTaps scale[kMaxScales];
};

// Throws std::invalid_argument for no scales, more than kMaxScales, or one outside (0, kMaxSigma].
TapSet make_tap_set(std::span<const double> sigmas);

__host__ __device__ constexpr int input_width(int max_radius) { return kTileW + 2 * max_radius; }
__host__ __device__ constexpr int input_height(int max_radius) { return kTileH + 2 * max_radius; }

// The input tile, then the three row-filtered arrays kTileW wide.
constexpr std::size_t shared_bytes(int max_radius) {
  return sizeof(float) * static_cast<std::size_t>(input_width(max_radius) * input_height(max_radius) +
                                                  3 * kTileW * input_height(max_radius));
}

inline dim3 grid_for(int width, int height) {
  return {static_cast<unsigned>((width + kTileW - 1) / kTileW), static_cast<unsigned>((height + kTileH - 1) / kTileH), 1};
}

inline dim3 block_shape() { return {kTileW, kThreadsY, 1}; }

__device__ __forceinline__ int thread_index() { return static_cast<int>(threadIdx.y * kTileW + threadIdx.x); }

// The tile's origin in the image; the thread's pixels are (x, y0 + threadIdx.y + j kThreadsY).
__device__ __forceinline__ int tile_x0() { return static_cast<int>(blockIdx.x) * kTileW; }
__device__ __forceinline__ int tile_y0() { return static_cast<int>(blockIdx.y) * kTileH; }
__device__ __forceinline__ int pixel_x() { return tile_x0() + static_cast<int>(threadIdx.x); }
__device__ __forceinline__ int pixel_y(int j) { return tile_y0() + static_cast<int>(threadIdx.y) + j * kThreadsY; }

template <class In>
__device__ void load_tile(DeviceView<const In> src, float* in, int max_radius) {
  const int w = input_width(max_radius);
  const int n = w * input_height(max_radius);
  const int x_origin = tile_x0() - max_radius;
  const int y_origin = tile_y0() - max_radius;
  for (int i = thread_index(); i < n; i += kThreads) {
    const int x = hessian::mirror_index(x_origin + i % w, src.width);
    const int y = hessian::mirror_index(y_origin + i / w, src.height);
    in[i] = static_cast<float>(src.at(x, y));
  }
}

// One scale over the loaded tile: calls pixel(j, dxx, dxy, dyy) for each of the thread's rows,
// inside the image or not (the caller decides). Starts and ends with a barrier, so successive
// scales may reuse the row arrays.
template <class Pixel>
__device__ __forceinline__ void filter_scale(const float* in, float* rows, int max_radius, const ScaleTaps& t,
                                             Pixel&& pixel) {
  const int r = t.radius;
  const int in_w = input_width(max_radius);
  const int rows_h = input_height(max_radius);
  float* smooth = rows;
  float* first = rows + kTileW * rows_h;
  float* second = rows + 2 * kTileW * rows_h;
  __syncthreads();
  // Rows this scale needs: its own reach above and below the tile, centred in the loaded one.
  const int row_offset = max_radius - r;
  const int filtered = (kTileH + 2 * r) * kTileW;
  for (int i = thread_index(); i < filtered; i += kThreads) {
    const int row = i / kTileW + row_offset;
    const int col = i % kTileW;
    const float* p = in + row * in_w + col + max_radius;
    const float centre = p[0];
    float s = t.smooth[0] * centre;
    float d1 = 0.0F;
    float d2 = 0.0F;
#pragma unroll 4
    for (int k = 1; k <= r; ++k) {
      const float right = p[k];
      const float left = p[-k];
      const float sum = right + left;
      s += t.smooth[k] * sum;
      d1 += t.first[k] * (right - left);
      d2 += t.second[k] * (sum - 2.0F * centre);
    }
    const int o = row * kTileW + col;
    smooth[o] = s;
    first[o] = d1;
    second[o] = d2;
  }
  __syncthreads();
#pragma unroll
  for (int j = 0; j < kRowsPerThread; ++j) {
    const int o = (max_radius + static_cast<int>(threadIdx.y) + j * kThreadsY) * kTileW + static_cast<int>(threadIdx.x);
    const float smooth_centre = smooth[o];
    float dxx = t.smooth[0] * second[o];
    float dxy = 0.0F;
    float dyy = 0.0F;
#pragma unroll 4
    for (int k = 1; k <= r; ++k) {
      const int below = o + k * kTileW;
      const int above = o - k * kTileW;
      dxx += t.smooth[k] * (second[below] + second[above]);
      dxy += t.first[k] * (first[below] - first[above]);
      dyy += t.second[k] * (smooth[below] + smooth[above] - 2.0F * smooth_centre);
    }
    pixel(j, dxx, dxy, dyy);
  }
}

__device__ __forceinline__ bool inside(int x, int y, int width, int height) { return x < width && y < height; }

}  // namespace pt::gpu::hessian_tile
