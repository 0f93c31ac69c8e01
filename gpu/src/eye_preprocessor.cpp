#include "pt/gpu/eye_preprocessor.hpp"

#include "pt/gpu/image_transfer.hpp"

namespace pt::gpu {

EyePreprocessor::EyePreprocessor(int max_width, int max_height) : reflections_(max_width, max_height) {}

const GaussianBlur& EyePreprocessor::gaussian(const SmoothingParams& smoothing) {
  if (!gaussian_ || gaussian_size_ != smoothing.gaussian_size || gaussian_sigma_ != smoothing.gaussian_sigma) {
    gaussian_.emplace(smoothing.gaussian_size, smoothing.gaussian_sigma);
    gaussian_size_ = smoothing.gaussian_size;
    gaussian_sigma_ = smoothing.gaussian_sigma;
  }
  return *gaussian_;
}

void EyePreprocessor::operator()(cudaStream_t stream, CDeviceViewU8 src, const PreprocessedEye& out,
                                 const ReflectionParams& reflections, const SmoothingParams& smoothing) {
  if (src.empty()) return;
  captured_.launch(stream, Arguments{src, out, reflections, smoothing},
                   [&](cudaStream_t s) { enqueue(s, src, out, reflections, smoothing); });
}

void EyePreprocessor::enqueue(cudaStream_t stream, CDeviceViewU8 src, const PreprocessedEye& out,
                              const ReflectionParams& reflections, const SmoothingParams& smoothing) {
  reflections_(stream, src, out.cleaned, out.mask, reflections);
  switch (smoothing.kind) {
    case Smoothing::Gaussian:
      gaussian(smoothing)(stream, out.cleaned, out.smoothed);
      return;
    case Smoothing::Median:
      median_blur(stream, out.cleaned, out.smoothed, smoothing.median_radius);
      return;
    case Smoothing::None:
    case Smoothing::Invalid:
      break;
  }
  copy_async(stream, out.cleaned, out.smoothed);
}

}  // namespace pt::gpu
