#pragma once
// CannyHoughSearch::collect_edges on the device: Sobel gradients and the histogram of their
// magnitudes, the high threshold at its quantile, non-maximum suppression across the gradient,
// hysteresis as the connected components (union-find) of the pixels above the low threshold
// that hold a pixel above the high one, and the edge list in raster order without the pixels
// marked as reflections. Every step is exact in any order, so the list equals the CPU's.
#include <cstdint>

#include <cuda_runtime_api.h>

#include "pt/geometry.hpp"
#include "pt/gpu/device_memory.hpp"
#include "pt/image.hpp"
#include "pt/pupil/detector_params.hpp"

namespace pt::gpu::canny {

// The edges in raster order, in device memory: a list as long as the image has pixels.
struct EdgeList {
  Point2f* positions = nullptr;
  Point2f* gradients = nullptr;  // Sobel's, toward the brighter side
  int* count = nullptr;
  const int* row_first = nullptr;  // per row of the image: the place of its first edge
  int rows = 0;
};

class EdgeFinder {
 public:
  EdgeFinder(int max_width, int max_height);
  // Enqueues the edges of `image` (device, at most max_width x max_height) into list().
  void enqueue(cudaStream_t stream, CViewU8 image, CViewU8 reflections, const CannyHoughParams& params);
  // The list of the last enqueued image.
  [[nodiscard]] EdgeList list() const noexcept {
    return {positions_.data(), gradients_.data(), count_.data(), row_offsets_.data(), rows_};
  }

 private:
  DeviceBuffer<std::int16_t> dx_;
  DeviceBuffer<std::int16_t> dy_;
  DeviceBuffer<float> magnitude_;
  DeviceBuffer<std::uint8_t> state_;   // not an edge, a candidate, a strong edge
  DeviceBuffer<int> links_;            // union-find over candidates and strong edges
  DeviceBuffer<std::uint8_t> strong_;  // at a component's root: it holds a strong edge
  DeviceBuffer<std::uint8_t> edge_;
  DeviceBuffer<int> histogram_;
  DeviceBuffer<float> thresholds_;  // low, high
  DeviceBuffer<int> row_offsets_;   // per row: its first edge's place in the list
  DeviceBuffer<Point2f> positions_;
  DeviceBuffer<Point2f> gradients_;
  DeviceBuffer<int> count_;
  int rows_ = 0;
};

}  // namespace pt::gpu::canny
