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

#include "pt/gpu/device_memory.hpp"
#include "pt/pupil/detector_params.hpp"
#include "pt/pupil/pupil_search.hpp"
#include "blob_labels.hpp"

namespace pt::gpu {

// Border points a level's list holds; a level that reaches the search's choice with more is
// left to the host (TlOutcome::complete false).
constexpr int kTlBorderCapacity = tl::kMostBorderPoints;

struct TlOutcome {
  bool complete = false;  // false: a border overflowed its list; the host searches the frame
  bool has_fit = false;
  ConicFit fit;
  int iterations = 0;
  int edge_count = 0;
  Point2f edges[kTlBorderCapacity];
  std::uint8_t inlier[kTlBorderCapacity];
};

// The outcome as the CPU's search gives it.
[[nodiscard]] SearchOutcome to_search_outcome(const TlOutcome& o);

// Whether the device searches with these parameters: levels below the image's darkest grey
// (a negative min_threshold) are left to the host, whose search labels them as empty.
[[nodiscard]] bool device_threshold_labeling_supports(const DetectorParams& params) noexcept;

class DeviceThresholdLabeling {
 public:
  // Sized once for images up to max_width x max_height and the levels of `params`.
  DeviceThresholdLabeling(int max_width, int max_height, const DetectorParams& params);
  ~DeviceThresholdLabeling();
  DeviceThresholdLabeling(const DeviceThresholdLabeling&) = delete;
  DeviceThresholdLabeling& operator=(const DeviceThresholdLabeling&) = delete;

  // Whether the buffers made for construction's parameters serve these (levels, RANSAC draws).
  [[nodiscard]] bool serves(const DetectorParams& params) const noexcept;

  // Enqueues the search of `smoothed` with `reflections` (device images of one size, the image
  // not empty; the mask may be), and the outcome's copy to outcome(), valid once the stream is
  // past it. The parameters must be supported (device_threshold_labeling_supports).
  void enqueue(cudaStream_t stream, CViewU8 smoothed, CViewU8 reflections, const DetectorParams& params);
  [[nodiscard]] const TlOutcome& outcome() const noexcept { return *outcome_host_.data(); }

  struct Buffers;

 private:
  int max_width_;
  int max_height_;
  int levels_;  // slots 0..levels_-1 the levels; slot levels_ the refit
  RansacParams ransac_;
  std::unique_ptr<Buffers> buffers_;
  PinnedBuffer<TlOutcome> outcome_host_;
};

}  // namespace pt::gpu
