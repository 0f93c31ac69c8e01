#include "cli/opencv_preprocessing_bench.hpp"

#if defined(PT_HAVE_OPENCV)
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>
#endif

namespace pt::cli {

#if defined(PT_HAVE_OPENCV)
std::optional<StageTiming> time_opencv_preprocessing(const std::vector<ImageU8>& frames,
                                                     const std::vector<EyeRegion>& regions,
                                                     const DetectorParams& params, int count) {
  cv::setNumThreads(1);
  const int k = params.reflections.kernel_size;
  const int d = params.reflections.mask_dilation();
  const cv::Mat square = cv::getStructuringElement(cv::MORPH_RECT, {k, k});
  const cv::Mat grow = cv::getStructuringElement(cv::MORPH_RECT, {d, d});
  const int g = params.smoothing.gaussian_size;
  cv::Mat tophat;
  cv::Mat mask;
  cv::Mat grown;
  cv::Mat smooth;
  StageTiming t{"opencv: tophat+thr+dilate+gauss", {}};
  for (int i = 0; i < count; ++i) {
    const ImageU8& frame = frames[static_cast<std::size_t>(i) % frames.size()];
    double us = 0.0;
    for (const EyeRegion& r : regions) {
      const cv::Mat whole(frame.height(), frame.width(), CV_8UC1, const_cast<std::uint8_t*>(frame.data()));
      const cv::Mat eye = whole(cv::Rect(r.rect.x, r.rect.y, r.rect.w, r.rect.h));
      us += time_us([&] {
        cv::morphologyEx(eye, tophat, cv::MORPH_TOPHAT, square);
        cv::threshold(tophat, mask, params.reflections.threshold, 255, cv::THRESH_BINARY);
        cv::dilate(mask, grown, grow);
        cv::GaussianBlur(eye, smooth, {g, g}, params.smoothing.gaussian_sigma);
      });
    }
    t.add(us);
  }
  return t;
}
#else
std::optional<StageTiming> time_opencv_preprocessing(const std::vector<ImageU8>&, const std::vector<EyeRegion>&,
                                                     const DetectorParams&, int) {
  return std::nullopt;
}
#endif

}  // namespace pt::cli
