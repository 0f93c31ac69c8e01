#pragma once
// The searches that need no seed (thresholding and labeling, Canny + Hough) run on the device
// over a whole preprocessed view, and only their outcome comes back, for the host's tracker to
// judge as it judges its own search's. Each equals the CPU's outcome to the bit.
#include <cstdint>
#include <memory>

#include <cuda_runtime_api.h>

#include "pt/gpu/device_memory.hpp"
#include "pt/pupil/detector_params.hpp"
#include "pt/pupil/pupil_search.hpp"

namespace pt::gpu {

// Points an outcome carries; a search whose outcome has more is left to the host
// (DeviceOutcome::complete false).
constexpr int kDeviceOutcomePoints = 8192;

struct DeviceOutcome {
  bool complete = false;  // false: a list overflowed; the host searches the frame
  bool has_fit = false;
  ConicFit fit;
  int iterations = 0;
  int edge_count = 0;
  Point2f edges[kDeviceOutcomePoints];
  std::uint8_t inlier[kDeviceOutcomePoints];  // meaningful with a fit
};

// The outcome as the CPU's search gives it.
[[nodiscard]] SearchOutcome to_search_outcome(const DeviceOutcome& o);

class DeviceFrameSearch {
 public:
  virtual ~DeviceFrameSearch() = default;
  DeviceFrameSearch(const DeviceFrameSearch&) = delete;
  DeviceFrameSearch& operator=(const DeviceFrameSearch&) = delete;

  // Whether the buffers made for construction's parameters serve these.
  [[nodiscard]] virtual bool serves(const DetectorParams& params) const noexcept = 0;
  // Enqueues the search of `smoothed` with `reflections` (device images of one size, the image
  // not empty; the mask may be), and the outcome's copy to outcome(), valid once the stream is
  // past it. The parameters must be served.
  virtual void enqueue(cudaStream_t stream, CViewU8 smoothed, CViewU8 reflections, const DetectorParams& params) = 0;
  [[nodiscard]] const DeviceOutcome& outcome() const noexcept { return *outcome_host_.data(); }

 protected:
  DeviceFrameSearch();
  // Where the search's last kernel writes the outcome, in device memory.
  [[nodiscard]] DeviceOutcome* device_outcome() const noexcept { return outcome_device_.data(); }
  // Enqueues the copy of that outcome to outcome().
  void bring_outcome_back(cudaStream_t stream) const;

 private:
  DeviceBuffer<DeviceOutcome> outcome_device_;
  PinnedBuffer<DeviceOutcome> outcome_host_;
};

// Whether the device searches these parameters' algorithm whole: thresholding and labeling
// with levels from the darkest grey up, Canny + Hough with gradient voting over at most
// kMostHoughRadii radii. Starburst, which follows the pupil from frame to frame, is not one of
// these (search/eye_search.hpp).
[[nodiscard]] bool device_frame_search_supports(const DetectorParams& params);

// A search for images up to max_width x max_height; the parameters must be supported.
[[nodiscard]] std::unique_ptr<DeviceFrameSearch> make_device_frame_search(int max_width, int max_height,
                                                                          const DetectorParams& params);

}  // namespace pt::gpu
