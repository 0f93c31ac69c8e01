#pragma once
// One eye of one frame in flight on the device: its own stream, buffers and preprocessing, so
// that eyes and frames overlap freely. Buffers are sized once for the eye's whole region.
#include "pt/gpu/device_memory.hpp"
#include "pt/gpu/eye_preprocessor.hpp"
#include "pt/gpu/stream.hpp"
#include "pt/pupil/eye_pupil_tracker.hpp"

namespace pt::gpu {

struct LaneTimes {
  double upload_us = 0.0;
  double preprocess_us = 0.0;
  double download_us = 0.0;
};

class EyeLane {
 public:
  EyeLane(int max_width, int max_height);
  [[nodiscard]] bool fits(int width, int height) const noexcept { return width <= max_width_ && height <= max_height_; }

  // Enqueues the copy of `pixels` to the device, its preprocessing and the copy of the three
  // images back. A view into pageable memory goes through the lane's pinned staging first.
  void enqueue(CViewU8 pixels, bool pinned, const DetectorParams& params, bool time_stages);
  [[nodiscard]] bool finished() const;
  void wait() const;
  // The enqueued region's images on the host, once finished.
  [[nodiscard]] EyePupilTracker::Preprocessed results() const noexcept;
  [[nodiscard]] LaneTimes times() const;

 private:
  int max_width_;
  int max_height_;
  int width_ = 0;
  int height_ = 0;
  bool timed_ = false;
  Stream stream_;
  Event start_;
  Event uploaded_;
  Event preprocessed_;
  Event done_;
  PinnedImageU8 staging_;
  DeviceImageU8 input_;
  // cleaned, mask and smoothed stacked in rows, so that one copy brings all three back.
  DeviceImageU8 output_;
  PinnedImageU8 results_;
  EyePreprocessor preprocess_;
};

}  // namespace pt::gpu
