#pragma once
// An ordered list of border points in global memory, written by the ray casts and read by the
// fit. `inlier` runs beside `points` (the fit marks them); the count lives in device memory so
// that a block can fill the list and another step read its length without a host round trip.
#include <cstdint>

#include "pt/geometry.hpp"

namespace pt::gpu::search {

struct EdgeList {
  Point2f* points = nullptr;
  std::uint8_t* inlier = nullptr;
  int* count = nullptr;
  int capacity = 0;
};

}  // namespace pt::gpu::search
