#include "pt/gpu/hessian_maps.hpp"

#include <algorithm>
#include <mutex>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "hessian_tile.cuh"
#include "pt/gpu/cuda_check.hpp"

namespace pt::gpu {
namespace {

using namespace hessian_tile;
using hessian::EigenPair;
using hessian::Polarity;

static_assert(kMaxScales == kMaxHessianScales);

template <class In>
__global__ void __launch_bounds__(kThreads) eigen_kernel(DeviceView<const In> src, TapSet taps, DeviceEigenMaps out) {
  extern __shared__ float tile[];
  float* rows = tile + input_width(taps.max_radius) * input_height(taps.max_radius);
  load_tile(src, tile, taps.max_radius);
  const int x = pixel_x();
  filter_scale(tile, rows, taps.max_radius, taps.scale[0], [&](int j, float dxx, float dxy, float dyy) {
    const int y = pixel_y(j);
    if (!inside(x, y, src.width, src.height)) return;
    const EigenPair e = hessian::symmetric_eigen(dxx, dxy, dyy);
    out.lambda1.at(x, y) = e.lambda1;
    out.lambda2.at(x, y) = e.lambda2;
    out.direction.at(x, y) = hessian::principal_direction(dxx, dxy, dyy, e.lambda1);
  });
}

// Per scale: each block's largest S^2 joins the image's by an atomic maximum on the float's bits,
// which order as the floats do for non-negative values.
template <class In>
__global__ void __launch_bounds__(kThreads) structure_max_kernel(DeviceView<const In> src, TapSet taps,
                                                                  unsigned* max_bits) {
  extern __shared__ float tile[];
  __shared__ float warp_max[kThreads / 32];
  float* rows = tile + input_width(taps.max_radius) * input_height(taps.max_radius);
  load_tile(src, tile, taps.max_radius);
  const int x = pixel_x();
  for (int s = 0; s < taps.count; ++s) {
    float m = 0.0F;
    filter_scale(tile, rows, taps.max_radius, taps.scale[s], [&](int j, float dxx, float dxy, float dyy) {
      if (inside(x, pixel_y(j), src.width, src.height)) {
        m = fmaxf(m, hessian::structure_sq(hessian::symmetric_eigen(dxx, dxy, dyy)));
      }
    });
    for (int lane_mask = 16; lane_mask > 0; lane_mask >>= 1) m = fmaxf(m, __shfl_xor_sync(0xffffffffU, m, lane_mask));
    if (threadIdx.x == 0) warp_max[threadIdx.y] = m;
    __syncthreads();
    if (thread_index() == 0) {
      for (int w = 1; w < kThreads / 32; ++w) m = fmaxf(m, warp_max[w]);
      atomicMax(max_bits + s, __float_as_uint(m));
    }
  }
}

// The running maximum over scales of a per-pixel response, one output write per pixel.
template <class In, class Response>
__global__ void __launch_bounds__(kThreads) max_over_scales_kernel(DeviceView<const In> src, TapSet taps,
                                                                    Response response, DeviceViewF32 dst) {
  extern __shared__ float tile[];
  float* rows = tile + input_width(taps.max_radius) * input_height(taps.max_radius);
  load_tile(src, tile, taps.max_radius);
  float best[kRowsPerThread] = {};
  for (int s = 0; s < taps.count; ++s) {
    const auto at_scale = response.at_scale(s);
    filter_scale(tile, rows, taps.max_radius, taps.scale[s], [&](int j, float dxx, float dxy, float dyy) {
      best[j] = fmaxf(best[j], at_scale(hessian::symmetric_eigen(dxx, dxy, dyy)));
    });
  }
  const int x = pixel_x();
#pragma unroll
  for (int j = 0; j < kRowsPerThread; ++j) {
    const int y = pixel_y(j);
    if (inside(x, y, src.width, src.height)) dst.at(x, y) = best[j];
  }
}

struct BlobResponse {
  Polarity polarity;
  __device__ auto at_scale(int) const {
    return [p = polarity](EigenPair e) { return hessian::blob_response(e, p); };
  }
};

struct VesselResponse {
  Polarity polarity;
  float inv_two_beta_sq;
  float fixed_inv_two_c_sq;  // <= 0: from each scale's largest norm
  const unsigned* max_bits;
  __device__ auto at_scale(int s) const {
    const hessian::VesselnessTerms terms{
        inv_two_beta_sq,
        fixed_inv_two_c_sq > 0.0F ? fixed_inv_two_c_sq : hessian::automatic_inv_two_c_sq(__uint_as_float(max_bits[s]))};
    return [p = polarity, terms](EigenPair e) { return hessian::vesselness(e, p, terms); };
  }
};

// The largest dynamic shared memory a block may take on the current device.
std::size_t shared_limit() {
  static std::once_flag once;
  static std::size_t limit = 0;
  std::call_once(once, [] {
    int device = 0;
    int optin = 0;
    PT_CUDA_CHECK(cudaGetDevice(&device));
    PT_CUDA_CHECK(cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, device));
    limit = static_cast<std::size_t>(optin);
  });
  return limit;
}

// Launches kernel over src's tiles with the shared memory the tap set needs; a tile above the
// default 48 KB needs the kernel's limit raised first.
template <class In, class... Args>
void launch(cudaStream_t stream, void (*kernel)(DeviceView<const In>, TapSet, Args...), DeviceView<const In> src,
            const TapSet& taps, std::type_identity_t<Args>... args) {
  if (src.empty()) return;
  const std::size_t bytes = shared_bytes(taps.max_radius);
  if (bytes > shared_limit()) {
    throw std::invalid_argument("Hessian scale too large for this GPU's shared memory: a radius of " +
                                std::to_string(taps.max_radius) + " px needs " + std::to_string(bytes) + " bytes");
  }
  constexpr std::size_t kDefaultLimit = 48 * 1024;
  if (bytes > kDefaultLimit) {
    PT_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(bytes)));
  }
  kernel<<<grid_for(src.width, src.height), block_shape(), bytes, stream>>>(src, taps, args...);
  PT_CUDA_CHECK_LAUNCH();
}

template <class In>
void check_sizes(DeviceView<const In> src, DeviceViewF32 dst) {
  if (dst.width != src.width || dst.height != src.height) {
    throw std::invalid_argument("Hessian map: output size differs from the source's");
  }
}

template <class In>
void eigen_maps(cudaStream_t stream, DeviceView<const In> src, double sigma, const DeviceEigenMaps& out) {
  check_sizes(src, out.lambda1);
  check_sizes(src, out.lambda2);
  check_sizes(src, out.direction);
  const double scales[] = {sigma};
  launch(stream, &eigen_kernel<In>, src, make_tap_set(scales), out);
}

template <class In>
void blob(cudaStream_t stream, DeviceView<const In> src, std::span<const double> scales, Polarity polarity,
          DeviceViewF32 dst) {
  check_sizes(src, dst);
  launch(stream, &max_over_scales_kernel<In, BlobResponse>, src, make_tap_set(scales), BlobResponse{polarity}, dst);
}

}  // namespace

namespace hessian_tile {

TapSet make_tap_set(std::span<const double> sigmas) {
  hessian::validate_scales(sigmas);
  if (sigmas.size() > static_cast<std::size_t>(kMaxScales)) {
    throw std::invalid_argument("at most " + std::to_string(kMaxScales) + " Hessian scales per GPU call");
  }
  TapSet set;
  set.count = static_cast<int>(sigmas.size());
  for (std::size_t s = 0; s < sigmas.size(); ++s) {
    const hessian::DerivativeTaps t = hessian::derivative_taps(sigmas[s]);
    ScaleTaps& d = set.scale[s];
    d.radius = t.radius;
    std::copy(t.smooth.begin(), t.smooth.end(), d.smooth);
    std::copy(t.first.begin(), t.first.end(), d.first);
    std::copy(t.second.begin(), t.second.end(), d.second);
    set.max_radius = std::max(set.max_radius, t.radius);
  }
  return set;
}

}  // namespace hessian_tile

void hessian_eigen(cudaStream_t stream, CDeviceViewU8 src, double sigma, const DeviceEigenMaps& out) {
  eigen_maps(stream, src, sigma, out);
}

void hessian_eigen(cudaStream_t stream, CDeviceViewF32 src, double sigma, const DeviceEigenMaps& out) {
  eigen_maps(stream, src, sigma, out);
}

void blob_map(cudaStream_t stream, CDeviceViewU8 src, std::span<const double> scales, Polarity polarity,
              DeviceViewF32 dst) {
  blob(stream, src, scales, polarity, dst);
}

void blob_map(cudaStream_t stream, CDeviceViewF32 src, std::span<const double> scales, Polarity polarity,
              DeviceViewF32 dst) {
  blob(stream, src, scales, polarity, dst);
}

VesselnessFilter::VesselnessFilter(std::span<const double> scales, const hessian::VesselnessParams& params)
    : scales_(scales.begin(), scales.end()), params_(params), max_structure_(scales.size()) {
  (void)make_tap_set(scales_);
  (void)hessian::vesselness_terms(params_, 0.0F);
}

template <class In>
void VesselnessFilter::run(cudaStream_t stream, DeviceView<const In> src, DeviceViewF32 dst) {
  check_sizes(src, dst);
  if (src.empty()) return;
  const TapSet taps = make_tap_set(scales_);
  const hessian::VesselnessTerms fixed = hessian::vesselness_terms(params_, 0.0F);
  const VesselResponse response{params_.polarity, fixed.inv_two_beta_sq, params_.c > 0.0 ? fixed.inv_two_c_sq : 0.0F,
                                max_structure_.data()};
  if (params_.c <= 0.0) {
    PT_CUDA_CHECK(cudaMemsetAsync(max_structure_.data(), 0, scales_.size() * sizeof(unsigned), stream));
    launch(stream, &structure_max_kernel<In>, src, taps, max_structure_.data());
  }
  launch(stream, &max_over_scales_kernel<In, VesselResponse>, src, taps, response, dst);
}

void VesselnessFilter::operator()(cudaStream_t stream, CDeviceViewU8 src, DeviceViewF32 dst) { run(stream, src, dst); }

void VesselnessFilter::operator()(cudaStream_t stream, CDeviceViewF32 src, DeviceViewF32 dst) { run(stream, src, dst); }

}  // namespace pt::gpu
