#pragma once
// ThresholdLabelingSearch::run on the device, as the paper's case 1 runs there: the grey levels
// binarised and labeled several at once (blob_labels.hpp), each level's largest blob's border
// gathered with an atomic counter and put in raster order, every level's RANSAC hypotheses
// fitted and voted over the whole device and each level's choice and refits in a block of its
// own, then one block walks the levels in the CPU's order to pick the best and refits the pupil
// at half contrast. Nothing comes back to the host but the outcome, which equals the CPU's to the
// bit: the same levels, blobs, border points in the same order, the same fit (the search's
// RANSAC, ransac_fit.cuh) and the same scores (threshold_labeling_rules.hpp).
#include <cstdint>
#include <memory>

#include <cuda_runtime_api.h>

#include "../device_frame_search.hpp"
#include "pt/pupil/detector_params.hpp"
#include "blob_labels.hpp"

namespace pt::gpu {

// Border points a level's list holds; a level that reaches the search's choice with more is
// left to the host (DeviceOutcome::complete false).
constexpr int kTlBorderCapacity = tl::kMostBorderPoints;
static_assert(kTlBorderCapacity <= kDeviceOutcomePoints);

// Whether the device searches with these parameters: levels below the image's darkest grey
// (a negative min_threshold) are left to the host, whose search labels them as empty.
[[nodiscard]] bool device_threshold_labeling_supports(const DetectorParams& params) noexcept;

class DeviceThresholdLabeling final : public DeviceFrameSearch {
 public:
  // Sized once for images up to max_width x max_height and the levels of `params`.
  DeviceThresholdLabeling(int max_width, int max_height, const DetectorParams& params);
  ~DeviceThresholdLabeling() override;

  // Thresholding and labeling with as many levels and the same RANSAC draws.
  [[nodiscard]] bool serves(const DetectorParams& params) const noexcept override;
  void enqueue(cudaStream_t stream, CViewU8 smoothed, CViewU8 reflections, const DetectorParams& params) override;

  struct Buffers;

 private:
  int max_width_;
  int max_height_;
  int levels_;  // slots 0..levels_-1 the levels; slot levels_ the refit
  RansacParams ransac_;
  std::unique_ptr<Buffers> buffers_;
};

}  // namespace pt::gpu
