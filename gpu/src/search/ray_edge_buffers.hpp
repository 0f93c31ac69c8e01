#pragma once
// Device memory behind an EdgeList, allocated once per eye lane (or test) for `capacity` points.
#include <cstddef>
#include <cstdint>
#include <vector>

#include <cuda_runtime_api.h>

#include "edge_list.cuh"
#include "pt/geometry.hpp"
#include "pt/gpu/cuda_check.hpp"
#include "pt/gpu/device_memory.hpp"

namespace pt::gpu::search {

struct EdgeListBuffers {
  explicit EdgeListBuffers(int capacity)
      : points(static_cast<std::size_t>(capacity)), inlier(static_cast<std::size_t>(capacity)), count(1) {}

  [[nodiscard]] EdgeList list() const noexcept {
    return {points.data(), inlier.data(), count.data(), static_cast<int>(points.size())};
  }

  // The first `n` points, copied back (waits for the device).
  [[nodiscard]] std::vector<Point2f> download(int n) const {
    std::vector<Point2f> out(static_cast<std::size_t>(n));
    if (n > 0) {
      PT_CUDA_CHECK(cudaMemcpy(out.data(), points.data(), out.size() * sizeof(Point2f), cudaMemcpyDeviceToHost));
    }
    return out;
  }

  DeviceBuffer<Point2f> points;
  DeviceBuffer<std::uint8_t> inlier;
  DeviceBuffer<int> count;
};

}  // namespace pt::gpu::search
