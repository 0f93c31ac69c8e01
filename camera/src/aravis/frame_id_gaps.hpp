#pragma once
#include <cstdint>
#include <optional>

namespace pt::camera::aravis {

// Counts the camera frames that never arrived, from the ids of those that did. GigE Vision
// block ids are 16 bits wide and skip 0 when they wrap: 65535 is followed by 1. An id that goes
// back otherwise (a camera restarted) starts the count afresh.
class FrameIdGaps {
 public:
  // How many ids were skipped between the previous id and `id`.
  std::uint64_t observe(std::uint64_t id) noexcept;
  void restart() noexcept { last_.reset(); }

 private:
  std::optional<std::uint64_t> last_;
};

}  // namespace pt::camera::aravis
