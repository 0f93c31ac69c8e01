#pragma once
// CannyHoughSearch::run on the device, as the paper's case 3 runs there: the edges
// (canny_edges.hpp), then every edge's votes along its gradient added into one centre
// accumulator with 64-bit atomics (whole numbers: hough_rules.hpp), the 3 x 3 box sums and
// their peaks, the strongest peaks' radii counted a block a peak, and one block that picks the
// pupil's circle and refines it by least squares as the CPU does (the search's conic fit). The
// outcome equals the CPU's to the bit.
#include <memory>

#include "../device_frame_search.hpp"
#include "pt/pupil/detector_params.hpp"

namespace pt::gpu {

// The radii one search may count around a centre: a block's shared histogram.
constexpr int kMostHoughRadii = 1024;

// Whether the device searches with these parameters: gradient voting (full-circle voting, the
// paper's slow reference, stays on the host) over 1 to kMostHoughRadii radii.
[[nodiscard]] bool device_canny_hough_supports(const DetectorParams& params);

class DeviceCannyHough final : public DeviceFrameSearch {
 public:
  DeviceCannyHough(int max_width, int max_height, const DetectorParams& params);
  ~DeviceCannyHough() override;

  // Canny + Hough over the same radii.
  [[nodiscard]] bool serves(const DetectorParams& params) const noexcept override;
  void enqueue(cudaStream_t stream, CViewU8 smoothed, CViewU8 reflections, const DetectorParams& params) override;

  struct Buffers;

 private:
  int max_width_;
  int max_height_;
  float min_radius_;
  float max_radius_;
  CannyHoughParams canny_hough_;
  std::unique_ptr<Buffers> buffers_;
};

}  // namespace pt::gpu
