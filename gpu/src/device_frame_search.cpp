#include "device_frame_search.hpp"

#include "canny_hough/device_canny_hough.hpp"
#include "pt/gpu/cuda_check.hpp"
#include "threshold_labeling/device_threshold_labeling.hpp"

namespace pt::gpu {

DeviceFrameSearch::DeviceFrameSearch() : outcome_device_(1), outcome_host_(1) {
  // The outcome goes back whole, its lists' unused tails too: zeroed once, so that no copy reads
  // memory that was never written.
  zero_device_now(outcome_device_.data(), sizeof(DeviceOutcome));
}

void DeviceFrameSearch::bring_outcome_back(cudaStream_t stream) const {
  PT_CUDA_CHECK(cudaMemcpyAsync(outcome_host_.data(), outcome_device_.data(), sizeof(DeviceOutcome),
                                cudaMemcpyDeviceToHost, stream));
}

SearchOutcome to_search_outcome(const DeviceOutcome& o) {
  SearchOutcome s;
  if (o.has_fit) s.fit = o.fit;
  s.edges.assign(o.edges, o.edges + o.edge_count);
  if (o.has_fit) s.inlier.assign(o.inlier, o.inlier + o.edge_count);
  s.iterations = o.iterations;
  return s;
}

bool device_frame_search_supports(const DetectorParams& params) {
  switch (params.algorithm) {
    case Algorithm::ThresholdLabeling:
      return device_threshold_labeling_supports(params);
    case Algorithm::CannyHough:
      return device_canny_hough_supports(params);
    default:
      return false;
  }
}

std::unique_ptr<DeviceFrameSearch> make_device_frame_search(int max_width, int max_height,
                                                            const DetectorParams& params) {
  if (params.algorithm == Algorithm::CannyHough) return std::make_unique<DeviceCannyHough>(max_width, max_height, params);
  return std::make_unique<DeviceThresholdLabeling>(max_width, max_height, params);
}

}  // namespace pt::gpu
